// The security headers that do not depend on the request, in one place for next.config.ts (every
// answer) and scripts/serve.mjs (the answers it gives itself, before Next). The pages' CSP (a
// per-request nonce) is set in proxy.ts; the prerendered public pages' (script hashes) comes from
// next.config.ts (lib/security/public-page-routes.ts).

/** Every answer's. */
export const staticSecurityHeaders = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Permissions-Policy", value: "camera=(), geolocation=(), microphone=(self)" },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
];

/** The Content-Security-Policy of everything that is not a page: JSON runs no script, loads nothing. */
export const apiCsp = "default-src 'none'; frame-ancestors 'none'";
