import fs from "node:fs";
import path from "node:path";
import { jwtVerify } from "jose";
import { NextResponse, type NextRequest } from "next/server";

// First gate: sets the per-request CSP nonce and sends page requests without a validly signed,
// unexpired session token of the right kind to the sign-in pages before anything renders.
// Revocation and account state need the database: the route handlers and the /app layout check
// those again (and a redirect from there never carries the rendered page: scripts/serve.mjs).

const gates = [
  { prefix: "/app", cookie: "session", audience: "dialflow:user", login: "/login" },
  {
    prefix: "/adminconsole/console",
    cookie: "operator_session",
    audience: "dialflow:operator",
    login: "/adminconsole",
  },
];

let cachedKey: Uint8Array | undefined;

/**
 * The HMAC key lib/auth/secret.ts signs with: AUTH_SECRET, or the one the server generated into
 * DATA_DIR. Read here without the server modules; null until it exists (then no token is valid).
 */
function sessionKey(): Uint8Array | null {
  if (cachedKey) return cachedKey;
  const secret = process.env.AUTH_SECRET;
  if (secret) return (cachedKey = new TextEncoder().encode(secret));
  try {
    const file = path.join(path.resolve(process.env.DATA_DIR || ".data"), "auth-secret");
    return (cachedKey = new TextEncoder().encode(fs.readFileSync(file, "utf8").trim()));
  } catch {
    return null;
  }
}

async function validSignature(token: string | undefined, audience: string) {
  const key = sessionKey();
  if (!token || !key) return false;
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ["HS256"],
      issuer: "dialflow",
      audience,
      requiredClaims: ["sub", "jti", "exp", "iat"],
    });
    return payload.typ === audience.split(":")[1];
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

export async function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  const gate = gates.find((g) => pathname === g.prefix || pathname.startsWith(`${g.prefix}/`));
  if (gate && !(await validSignature(request.cookies.get(gate.cookie)?.value, gate.audience))) {
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
