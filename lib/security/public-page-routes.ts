// How the prerendered public pages (/, /login, /register; app/p/[locale]) are served without the
// proxy: next.config.ts turns these tables into `rewrites` and `headers`. An anonymous visitor's
// request never runs proxy.ts (~0.5 ms of the request thread each, most of a small page's cost:
// docs/performance.md, rounds 6 and 10); its locale comes from the NEXT_LOCALE cookie through a
// rewrite condition, and its Content-Security-Policy (the page's inline scripts by hash) from a
// header the build fills in (scripts/public-page-csp.mjs writes the hashes into the build's
// routes manifest). proxy.ts still runs when a session cookie is present, to send a signed-in
// visitor on (its matcher: the same `publicPagePaths` with a `has` condition).
// Relative imports only: next.config.ts loads this.
import { sessionCookieOf } from "../auth/session-kinds";
import { defaultLocale, localeCookie, locales, type Locale } from "../i18n/config";
import { scriptSourcesPlaceholder } from "../../scripts/public-page-csp.mjs";
import { pageCsp } from "./page-csp";

/** Each public path and the prerendered route under /p/<locale> that serves it. */
export const publicPagePaths = { "/": "", "/login": "/login", "/register": "/register" } as const;

/** The cookie whose presence brings the proxy back in (a signed-in rep is sent on from here). */
export const publicPageSessionCookie = sessionCookieOf.user;

type Condition = { type: "cookie"; key: string; value: string };

/** The request condition under which `locale` serves the page: its cookie, or no other's. */
function localeCondition(locale: Locale): { has?: Condition[]; missing?: Condition[] } {
  if (locale !== defaultLocale)
    return { has: [{ type: "cookie", key: localeCookie, value: locale }] };
  // The default locale also serves a missing, empty or unknown cookie value.
  const others = locales.filter((l) => l !== defaultLocale).join("|");
  return { missing: [{ type: "cookie", key: localeCookie, value: `(?:${others})` }] };
}

const routes = Object.entries(publicPagePaths).flatMap(([source, suffix]) =>
  locales.map((locale) => ({ source, route: `/p/${locale}${suffix}`, ...localeCondition(locale) })),
);

/** beforeFiles rewrites (before app/[...rest] could claim /login and /register). */
export function publicPageRewrites() {
  return routes.map(({ route, ...match }) => ({ ...match, destination: route }));
}

/**
 * The CSP of each public page, on its public path (by the same conditions as the rewrite) and on
 * its /p route asked for directly. Built by `next build`, the script sources are a placeholder
 * that allows no script ('strict-dynamic' with no hash); scripts/build.mjs replaces it with the
 * page's hashes. `next dev` renders per request (no HTML to hash): inline scripts are allowed.
 */
export function publicPageCspHeaders(dev: boolean) {
  const csp = (route: string) => [
    {
      key: "Content-Security-Policy",
      value: pageCsp(dev ? "'unsafe-inline'" : scriptSourcesPlaceholder(route), { dev }),
    },
  ];
  return [
    ...routes.map(({ route, ...match }) => ({ ...match, headers: csp(route) })),
    ...routes.map(({ route }) => ({ source: route, headers: csp(route) })),
  ];
}
