import { jwtVerify } from "jose";
import { NextResponse, type NextRequest } from "next/server";
import { defaultLocale, isLocale, localeCookie } from "@/lib/i18n/config";
import {
  audienceOf,
  importSessionKey,
  requiredTokenClaims,
  sessionCookieOf,
  tokenAlgorithm,
  tokenIssuer,
  type SessionKind,
} from "@/lib/auth/session-kinds";
import { BASE_CONNECT_SOURCES, PHONE_LINE_CONNECT_SOURCES } from "@/lib/security/connect-sources";

// First gate: sets the per-request CSP nonce and sends page requests without a validly signed,
// unexpired session token of the right kind to the sign-in pages before anything renders.
// Revocation and account state need the database: the route handlers and the /app layout check
// those again (and a redirect from there never carries the rendered page: scripts/serve.mjs).
//
// The public pages (/, /login, /register) are prerendered per locale (app/p/[locale]): this
// rewrites them to the visitor's locale (NEXT_LOCALE cookie), sends a signed-in visitor on
// (/ -> /app, /login and /register -> /), and gives them a CSP that allows the inline scripts
// of the prerendered HTML by hash instead of a per-request nonce. The hashes are computed by the
// build (scripts/public-page-csp.mjs) and written into this module's compiled code: the proxy
// reads no file, so it runs the same wherever the platform puts it.

const gates = [
  { prefix: "/app", kind: "user", login: "/login" },
  { prefix: "/adminconsole/console", kind: "operator", login: "/adminconsole" },
] as const;

let cachedKey: Promise<CryptoKey> | undefined;

/**
 * The HMAC key lib/auth/secret.ts signs with: AUTH_SECRET, which lib/startup.ts also sets in this
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

/**
 * `scriptSources`: the script-src sources after 'self' (a nonce or hashes, 'strict-dynamic').
 * `phoneLine`: /app pages, which may open the organization's phone line (narrowed to its one
 * origin by the page's own <meta> policy: lib/security/connect-sources.ts).
 */
function contentSecurityPolicy(scriptSources: string, phoneLine = false) {
  const connect = [...BASE_CONNECT_SOURCES, ...(phoneLine ? PHONE_LINE_CONNECT_SOURCES : [])];
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptSources} https://maps.googleapis.com${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline' https://fonts.googleapis.com",
    "img-src 'self' data: blob: https://*.googleapis.com https://*.gstatic.com https://*.google.com",
    "font-src 'self' data: https://fonts.gstatic.com",
    `connect-src ${connect.join(" ")}`,
    "media-src 'self' blob:",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

const staticPages: Record<string, { signedIn: string; target: string }> = {
  "/": { signedIn: "/app", target: "" },
  "/login": { signedIn: "/", target: "/login" },
  "/register": { signedIn: "/", target: "/register" },
};
const staticPrefix = "/p";

/**
 * The script-src sources of each prerendered page by its route (`/p/en/login`), written here by
 * the build (scripts/public-page-csp.mjs replaces this literal in the compiled proxy). Left as it
 * is, the build skipped that step (a bare `next build`): no public page runs a script then.
 */
const builtScriptSources: Record<string, string> = parseBuiltSources(
  "__DIALFLOW_PUBLIC_PAGE_SCRIPT_SOURCES__",
);

function parseBuiltSources(json: string): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(json);
    return parsed && typeof parsed === "object" ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

function staticPage(request: NextRequest, pathname: string, signedIn: boolean) {
  const page = staticPages[pathname]!;
  if (signedIn) return NextResponse.redirect(new URL(page.signedIn, request.url));
  const cookieLocale = request.cookies.get(localeCookie)?.value;
  const locale = isLocale(cookieLocale) ? cookieLocale : defaultLocale;
  const route = `${staticPrefix}/${locale}${page.target}`;
  const url = request.nextUrl.clone();
  url.pathname = route;
  const response = NextResponse.rewrite(url, {
    request: { headers: withoutLocaleHeader(request) },
  });
  response.headers.set("Content-Security-Policy", staticPageCsp(route));
  response.headers.set("Vary", "Cookie");
  return response;
}

function staticPageCsp(route: string) {
  // In development pages render per request (no HTML to hash): allow inline scripts there.
  const scripts = dev ? "'unsafe-inline'" : builtScriptSources[route];
  // No script runs if the build computed no hashes: fail closed, and say why.
  if (!scripts) console.error(`proxy: no script hashes for ${route} (build with npm run build)`);
  return contentSecurityPolicy(scripts ?? "'strict-dynamic'");
}

/** next-intl's locale request header is the proxy's to set (lib/i18n/request.ts), never a client's. */
function withoutLocaleHeader(request: NextRequest) {
  const headers = new Headers(request.headers);
  headers.delete("x-next-intl-locale");
  return headers;
}

export async function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  if (pathname in staticPages) {
    const signedIn = await validSignature(request, "user");
    return staticPage(request, pathname, signedIn);
  }
  // A rewrite target itself (the proxy runs again for the rewritten request, and a visitor may
  // ask for it directly): the same static page and policy.
  const rewritten = /^\/p\/([a-z]{2})(\/login|\/register)?$/.exec(pathname);
  if (rewritten && isLocale(rewritten[1])) {
    const response = NextResponse.next({ request: { headers: withoutLocaleHeader(request) } });
    response.headers.set("Content-Security-Policy", staticPageCsp(pathname));
    return response;
  }
  const gate = gates.find((g) => pathname === g.prefix || pathname.startsWith(`${g.prefix}/`));
  if (gate && !(await validSignature(request, gate.kind))) {
    return NextResponse.redirect(new URL(gate.login, request.url));
  }

  const nonce = Buffer.from(crypto.randomUUID()).toString("base64");
  const appPage = pathname === "/app" || pathname.startsWith("/app/");
  const csp = contentSecurityPolicy(`'nonce-${nonce}' 'strict-dynamic'`, appPage);
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
export const config = {
  matcher: [{ source: "/((?!api/|api$|_next/static|_next/image|favicon.ico).*)" }],
};
