import "server-only";
import { cookies } from "next/headers";
import { sessionCookie } from "./cookies";
import { authenticateUser } from "./sessions";

/**
 * The signed-in rep for a server component, verified like any bearer token (signature,
 * expiry, revocation, account state), or null. Pages call this; the proxy only pre-filters.
 */
export async function getPageSession(): Promise<{ username: string } | null> {
  const token = (await cookies()).get(sessionCookie)?.value;
  if (!token) return null;
  const session = await authenticateUser(token).catch(() => null);
  return session ? { username: session.username } : null;
}
