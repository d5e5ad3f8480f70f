import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";
import { distDir } from "./scripts/dist-dir.mjs";
import { apiCsp, staticSecurityHeaders } from "./scripts/security-headers.mjs";
import { publicPageCspHeaders, publicPageRewrites } from "./lib/security/public-page-routes";

const withNextIntl = createNextIntlPlugin({
  requestConfig: "./lib/i18n/request.ts",
  experimental: {
    // ICU messages are compiled at build time: the browser gets no message parser, and the
    // catalogues it receives (only the namespaces a page's client components use:
    // lib/i18n/namespaces.ts) are smaller.
    messages: { path: "./messages", format: "json", locales: ["en", "ar", "de"], precompile: true },
  },
});

const nextConfig: NextConfig = {
  distDir,
  poweredByHeader: false,
  // No ETag on pages: Next hashes every page it sends, byte by byte, to make one, a large share
  // of a prerendered page's time per request (docs/performance.md, "The landing's icons, no ETag
  // hashing"), and an /app page never matches its last ETag anyway (a new CSP nonce every
  // time). Built scripts and styles are immutable by name.
  generateEtags: false,
  experimental: {
    // integrity="sha256-..." on every script tag: the prerendered public pages allow their
    // scripts by these hashes (lib/security/public-page-routes.ts), since they cannot carry a
    // per-request nonce.
    sri: { algorithm: "sha256" },
  },
  reactStrictMode: true,
  serverExternalPackages: [
    "@electric-sql/pglite",
    "pglite-prisma-adapter",
    "@node-rs/argon2",
    "pg",
    "nodemailer",
    "fs-ext",
    // The console's line test on Node 20 (modules/telephony/lib/line-test.ts); its optional native
    // add-ons are not for a bundler.
    "ws",
  ],
  async headers() {
    const headers = [...staticSecurityHeaders];
    if (process.env.NODE_ENV === "production") {
      headers.push({
        key: "Strict-Transport-Security",
        value: "max-age=63072000; includeSubDomains",
      });
    }
    // The public pages are prerendered and rewritten per locale by the NEXT_LOCALE cookie, and
    // proxy.ts sends a signed-in visitor on: the answer depends on cookies. Next would mark them cacheable by any
    // shared cache for a year (s-maxage), so a CDN in front could keep one visitor's answer (a
    // locale, or a redirect) for everyone; Next keeps a Cache-Control set here.
    const publicPageHeaders = [
      { key: "Cache-Control", value: "private, no-cache" },
      { key: "Vary", value: "Cookie" },
    ];
    return [
      { source: "/:path*", headers },
      ...["/", "/login", "/register", "/p/:path*"].map((source) => ({
        source,
        headers: publicPageHeaders,
      })),
      // Their CSP: the page's inline scripts by hash, per locale (no proxy on their way).
      ...publicPageCspHeaders(process.env.NODE_ENV === "development"),
      // JSON answers run no script and load nothing: the strictest policy (proxy.ts, which sets
      // the pages' policies, does not run for /api).
      { source: "/api/:path*", headers: [{ key: "Content-Security-Policy", value: apiCsp }] },
    ];
  },
  async rewrites() {
    // The public pages by the visitor's locale cookie, without the proxy (it runs for them only
    // with a session cookie: proxy.ts). Before the filesystem: app/[...rest] matches /login too.
    return { beforeFiles: publicPageRewrites(), afterFiles: [], fallback: [] };
  },
};

export default withNextIntl(nextConfig);
