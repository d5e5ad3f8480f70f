import "server-only";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { sessionCookie } from "./cookies";
import type { MemberRole } from "./permissions";
import { authenticateUser } from "./sessions";

/**
 * The signed-in rep for a server component, verified like any bearer token (signature,
 * expiry, revocation, account state), or null. Pages call this; the proxy only pre-filters.
 */
export type PageSession = {
  username: string;
  userId: string;
  organizationId: string;
  /** Only to choose which controls a page shows: every route checks the role again. */
  role: MemberRole;
  /** The team requires a second factor this member has not set up (see requirePageSession). */
  mustEnrolTwoFactor: boolean;
};

export const getPageSession = cache(async (): Promise<PageSession | null> => {
  const token = (await cookies()).get(sessionCookie)?.value;
  if (!token) return null;
  const session = await authenticateUser(token).catch(() => null);
  return session
    ? {
        username: session.username,
        userId: session.userId,
        organizationId: session.organizationId,
        role: session.role,
        mustEnrolTwoFactor: session.mustEnrolTwoFactor,
      }
    : null;
});

/**
 * The signed-in rep, or a redirect to /session-expired (which clears a cookie the database no
 * longer accepts; the proxy would otherwise send /login straight back). Next renders a route's
 * layouts and page side by side, so the /app layout's check alone would still let the page
 * render into the redirect's answer: every /app page calls this first, and the check runs once
 * per request (cache). A member who must first set up a second factor goes to
 * /two-factor-required the same way.
 */
export async function requirePageSession(): Promise<PageSession> {
  const session = await getPageSession();
  if (!session) redirect("/session-expired");
  // The team requires a second factor: nothing of /app renders until it is set up.
  if (session.mustEnrolTwoFactor) redirect("/two-factor-required");
  return session;
}
