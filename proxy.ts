import { jwtVerify } from "jose";
import { NextResponse, type NextRequest } from "next/server";
import {
  audienceOf,
  importSessionKey,
  requiredTokenClaims,
  sessionCookieOf,
  tokenAlgorithm,
  tokenIssuer,
  type SessionKind,
} from "@/lib/auth/session-kinds";
import { pageCsp } from "@/lib/security/page-csp";

// First gate: sets the per-request CSP nonce and sends page requests without a validly signed,
// unexpired session token of the right kind to the sign-in pages before anything renders.
// Revocation and account state need the database: the route handlers and the /app layout check
// those again (and a redirect from there never carries the rendered page: scripts/serve.mjs).
//
// The public pages (/, /login, /register) are prerendered per locale (app/p/[locale]) and served
// without this proxy: next.config.ts rewrites them by the NEXT_LOCALE cookie and gives them their
// CSP (script hashes the build computed), lib/security/public-page-routes.ts. The proxy runs for
// them only when a session cookie is present, to send a signed-in visitor on (/ -> /app, /login
// and /register -> /); anyone else goes on to the rewrite.

const gates = [
  { prefix: "/app", kind: "user", login: "/login" },
  { prefix: "/adminconsole/console", kind: "operator", login: "/adminconsole" },
] as const;

let cachedKey: Promise<CryptoKey> | undefined;

/**
 * The HMAC key lib/auth/secret.ts signs with: AUTH_SECRET, which modules/deploy/lib/startup.ts also sets in this
 * process from the secret it generated into DATA_DIR on a laptop. Imported once (jose would
 * import raw bytes again on every verify); null until it exists (then no token is valid).
 */
function sessionKey(): Promise<CryptoKey> | null {
  if (cachedKey) return cachedKey;
  const secret = process.env.AUTH_SECRET;
  if (!secret) return null;
  return (cachedKey = importSessionKey(new TextEncoder().encode(secret), ["verify"]));
}

/** Whether the request's session cookie of this kind holds a validly signed, unexpired token. */
async function validSignature(request: NextRequest, kind: SessionKind) {
  const token = request.cookies.get(sessionCookieOf[kind])?.value;
  const key = sessionKey();
  if (!token || !key) return false;
  try {
    const { payload } = await jwtVerify(token, await key, {
      algorithms: [tokenAlgorithm],
      issuer: tokenIssuer,
      audience: audienceOf(kind),
      requiredClaims: requiredTokenClaims,
    });
    return payload.typ === kind;
  } catch {
    return false;
  }
}

const dev = process.env.NODE_ENV === "development";

/** Where a signed-in visitor of each public page goes (lib/security/public-page-routes.ts). */
const signedInTarget: Record<string, string> = { "/": "/app", "/login": "/", "/register": "/" };

/** next-intl's locale request header is the proxy's to set (lib/i18n/request.ts), never a client's. */
function withoutLocaleHeader(request: NextRequest) {
  const headers = new Headers(request.headers);
  headers.delete("x-next-intl-locale");
  return headers;
}

export async function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  const publicTarget = signedInTarget[pathname];
  if (publicTarget) {
    if (await validSignature(request, "user")) {
      return NextResponse.redirect(new URL(publicTarget, request.url));
    }
    // A stale or foreign cookie: the page as for anyone (next.config.ts rewrites it).
    return NextResponse.next();
  }
  const gate = gates.find((g) => pathname === g.prefix || pathname.startsWith(`${g.prefix}/`));
  if (gate && !(await validSignature(request, gate.kind))) {
    return NextResponse.redirect(new URL(gate.login, request.url));
  }

  const nonce = Buffer.from(crypto.randomUUID()).toString("base64");
  const appPage = pathname === "/app" || pathname.startsWith("/app/");
  const csp = pageCsp(`'nonce-${nonce}' 'strict-dynamic'`, { phoneLine: appPage, dev });
  const requestHeaders = withoutLocaleHeader(request);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("Content-Security-Policy", csp);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("Content-Security-Policy", csp);
  return response;
}

// Not for /api: route handlers answer JSON, which needs no nonce, verify their bearer tokens
// themselves, and never read next-intl's locale header (no route handler renders with
// next-intl's request config). Their static headers, the CSP for JSON included, come from
// next.config.ts. Skipping the proxy there saves a second request pipeline on every API call.
// Not for the public pages (/, /login, /register and their prerendered /p/<locale> routes)
// either, unless a session cookie ("session": sessionCookieOf.user) may send the visitor on.
// Next reads this object as literals, so the paths, locales and cookie name are spelled out;
// tests/api/platform.test.ts checks them against lib/security/public-page-routes.ts.
export const config = {
  matcher: [
    {
      source:
        "/((?!api/|api$|_next/static|_next/image|favicon.ico|login$|register$|p/(?:en|ar|de)(?:/login|/register)?$).+)",
    },
    { source: "/", has: [{ type: "cookie", key: "session" }] },
    { source: "/login", has: [{ type: "cookie", key: "session" }] },
    { source: "/register", has: [{ type: "cookie", key: "session" }] },
  ],
};
