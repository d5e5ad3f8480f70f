// The pages' Content-Security-Policy, shared by proxy.ts (a per-request nonce on the pages that
// render per request) and next.config.ts (script hashes on the prerendered public pages, which
// the proxy no longer sees: lib/security/public-page-routes.ts). Plain data and strings: the
// proxy imports it, and so does next.config.ts (relative imports only, for its loader).
import { BASE_CONNECT_SOURCES, PHONE_LINE_CONNECT_SOURCES } from "./connect-sources";

/**
 * `scriptSources`: the script-src sources after 'self' (a nonce or hashes, 'strict-dynamic').
 * `phoneLine`: /app pages, which may open the organization's phone line (narrowed to its one
 * origin by the page's own <meta> policy: lib/security/connect-sources.ts). `dev`: `next dev`,
 * whose React needs eval.
 */
export function pageCsp(scriptSources: string, { phoneLine = false, dev = false } = {}) {
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
