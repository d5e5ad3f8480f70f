import { NextResponse, type NextRequest } from "next/server";
import { clearSessionCookie, sessionCookie } from "@/lib/auth/cookies";

// The /app layout sends a session cookie here when its signature is valid but the database no
// longer accepts it (revoked, expired server-side, account disabled). The proxy only checks
// signatures, and it sends a signed-in visitor of /login to /app; clearing the cookie first
// ends that loop, and the visitor lands on the sign-in screen as before.
export function GET(request: NextRequest) {
  const res = NextResponse.redirect(new URL("/login", request.url), 303);
  clearSessionCookie(res, sessionCookie);
  res.headers.set("Cache-Control", "no-store");
  return res;
}
