import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { jwtVerify } from "jose";
import { NextResponse, type NextRequest } from "next/server";
import { defaultLocale, isLocale, localeCookie } from "@/lib/i18n/config";

// First gate: sets the per-request CSP nonce and sends page requests without a validly signed,
// unexpired session token of the right kind to the sign-in pages before anything renders.
// Revocation and account state need the database: the route handlers and the /app layout check
// those again (and a redirect from there never carries the rendered page: scripts/serve.mjs).
//
// The public pages (/, /login, /register) are prerendered per locale (app/p/[locale]): this
// rewrites them to the visitor's locale (NEXT_LOCALE cookie), sends a signed-in visitor on
// (/ -> /app, /login and /register -> /), and gives them a CSP that allows the inline scripts
// of the prerendered HTML by hash instead of a per-request nonce (prerenderedScriptSources).

const gates = [
  { prefix: "/app", cookie: "session", audience: "dialflow:user", login: "/login" },
  {
    prefix: "/adminconsole/console",
    cookie: "operator_session",
    audience: "dialflow:operator",
    login: "/adminconsole",
  },
];

let cachedKey: Promise<CryptoKey> | undefined;

/**
 * The HMAC key lib/auth/secret.ts signs with: AUTH_SECRET, or the one the server generated into
 * DATA_DIR. Read here without the server modules and imported once (jose would import raw bytes
 * again on every verify); null until it exists (then no token is valid).
 */
function sessionKey(): Promise<CryptoKey> | null {
  if (cachedKey) return cachedKey;
  let secret = process.env.AUTH_SECRET;
  if (!secret) {
    try {
      const file = path.join(path.resolve(process.env.DATA_DIR || ".data"), "auth-secret");
      secret = fs.readFileSync(file, "utf8").trim();
    } catch {
      return null;
    }
  }
  const raw = new TextEncoder().encode(secret);
  return (cachedKey = crypto.subtle.importKey(
    "raw",
    raw,
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["verify"],
  ));
}

async function validSignature(token: string | undefined, audience: string) {
  const key = sessionKey();
  if (!token || !key) return false;
  try {
    const { payload } = await jwtVerify(token, await key, {
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

const dev = process.env.NODE_ENV === "development";

/** `scriptSources`: the script-src sources after 'self' (a nonce or hashes, 'strict-dynamic'). */
function contentSecurityPolicy(scriptSources: string) {
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptSources} https://maps.googleapis.com${dev ? " 'unsafe-eval'" : ""}`,
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

const staticPages: Record<string, { signedIn: string; target: string }> = {
  "/": { signedIn: "/app", target: "" },
  "/login": { signedIn: "/", target: "/login" },
  "/register": { signedIn: "/", target: "/register" },
};
const staticPrefix = "/p";

/** Script hashes of each prerendered page (fixed for the life of a build), by its route. */
const staticScriptSources = new Map<string, string>();

function sha256(text: string) {
  return `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
}

/**
 * The script-src sources for a prerendered page (null when its HTML is missing: not a
 * production build). Every inline script in the HTML is allowed by the hash of its text. If
 * every external script carries an integrity attribute (Next's SRI), those hashes are listed
 * too, with 'strict-dynamic', so that exactly these scripts and what they load run. Turbopack
 * (Next 16.4) leaves the page's own chunks without integrity, though, and a hash only allows an
 * external script through its integrity attribute: then external scripts are allowed by origin
 * ('self': our own static chunks; JSON answers are never run as script, nosniff) and inline
 * ones still only by hash.
 */
function prerenderedScriptSources(route: string): string | null {
  const cached = staticScriptSources.get(route);
  if (cached) return cached;
  const distDir = path.resolve(process.env.NEXT_DIST_DIR || ".next");
  let html: string;
  try {
    html = fs.readFileSync(path.join(distDir, "server/app", `${route}.html`), "utf8");
  } catch {
    return null;
  }
  const inline = new Set<string>();
  const external = new Set<string>();
  let everyExternalHasIntegrity = true;
  for (const [, attributes = "", body = ""] of html.matchAll(
    /<script\b([^>]*)>([\s\S]*?)<\/script>/g,
  )) {
    if (/\bsrc=/.test(attributes)) {
      if (/\bnomodule\b/i.test(attributes)) continue; // never run by the browsers we serve
      const integrity = /\bintegrity="([^"]+)"/.exec(attributes)?.[1];
      if (!integrity) everyExternalHasIntegrity = false;
      for (const hash of integrity?.split(/\s+/) ?? []) if (hash) external.add(`'${hash}'`);
    } else if (body) {
      inline.add(sha256(body));
    }
  }
  const value = everyExternalHasIntegrity
    ? [...inline, ...external, "'strict-dynamic'"].join(" ")
    : [...inline].join(" ");
  staticScriptSources.set(route, value);
  return value;
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
  const scripts = dev ? "'unsafe-inline'" : prerenderedScriptSources(route);
  // No script runs if the prerendered HTML cannot be read: fail closed, and say why.
  if (!scripts) console.error(`proxy: no prerendered HTML for ${route}; its scripts are blocked`);
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
    const signedIn = await validSignature(request.cookies.get("session")?.value, "dialflow:user");
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
  if (gate && !(await validSignature(request.cookies.get(gate.cookie)?.value, gate.audience))) {
    return NextResponse.redirect(new URL(gate.login, request.url));
  }

  const nonce = Buffer.from(crypto.randomUUID()).toString("base64");
  const csp = contentSecurityPolicy(`'nonce-${nonce}' 'strict-dynamic'`);
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
