import { decodeJwt } from "jose";
import { NextResponse, type NextRequest } from "next/server";

// First gate only: sets the per-request CSP nonce and sends page requests without a plausible
// session cookie to the sign-in pages before anything renders. Every route handler and the
// /app layout verify the session for real (signature, revocation) again.

const gates = [
  { prefix: "/app", cookie: "session", audience: "dialflow:user", login: "/login" },
  {
    prefix: "/adminconsole/console",
    cookie: "operator_session",
    audience: "dialflow:operator",
    login: "/adminconsole",
  },
];

function plausible(token: string | undefined, audience: string) {
  if (!token) return false;
  try {
    const claims = decodeJwt(token);
    return (
      claims.aud === audience && typeof claims.exp === "number" && claims.exp * 1000 > Date.now()
    );
  } catch {
    return false;
  }
}

function contentSecurityPolicy(nonce: string, dev: boolean) {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic' https://maps.googleapis.com${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline' https://fonts.googleapis.com",
    "img-src 'self' data: blob: https://*.googleapis.com https://*.gstatic.com https://*.google.com",
    "font-src 'self' data: https://fonts.gstatic.com",
    "connect-src 'self' https://*.googleapis.com https://*.google.com",
    "media-src 'self' blob:",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  const gate = gates.find((g) => pathname === g.prefix || pathname.startsWith(`${g.prefix}/`));
  if (gate && !plausible(request.cookies.get(gate.cookie)?.value, gate.audience)) {
    return NextResponse.redirect(new URL(gate.login, request.url));
  }

  const nonce = Buffer.from(crypto.randomUUID()).toString("base64");
  const csp = contentSecurityPolicy(nonce, process.env.NODE_ENV === "development");
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("Content-Security-Policy", csp);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("Content-Security-Policy", csp);
  return response;
}

export const config = {
  matcher: [{ source: "/((?!_next/static|_next/image|favicon.ico).*)" }],
};
