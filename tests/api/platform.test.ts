import { describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { GET as health } from "@/app/api/health/route";
import { POST as login } from "@/app/api/auth/login/route";
import { formatDemoBanner, seedDemoAccounts } from "@/modules/deploy/lib/demo";
import { getDb } from "@/lib/db/client";
import nextConfig from "@/next.config";
import { unstable_doesMiddlewareMatch } from "next/experimental/testing/server";
import { config as proxyConfig, proxy } from "@/proxy";
import { sessionCookieOf } from "@/lib/auth/session-kinds";
import { locales } from "@/lib/i18n/config";
import { publicPagePaths, publicPageSessionCookie } from "@/lib/security/public-page-routes";
import { createAccount, loginAs, loginOperator, request, uniqueName } from "./helpers";

const page = (path: string, headers: Record<string, string> = {}) =>
  new NextRequest(`http://localhost:3000${path}`, { headers });

describe("proxy (first gate)", () => {
  it("sends /app and its sub-pages to /login without a session cookie", async () => {
    for (const path of ["/app", "/app/targets", "/app/unknown/deep"]) {
      const res = await proxy(page(path));
      expect(res.status).toBe(307);
      expect(new URL(res.headers.get("location")!).pathname).toBe("/login");
    }
  });

  it("cannot be skipped with x-middleware-subrequest", async () => {
    const res = await proxy(
      page("/app", { "x-middleware-subrequest": "proxy:proxy:proxy:proxy:proxy" }),
    );
    expect(res.status).toBe(307);
    expect(new URL(res.headers.get("location")!).pathname).toBe("/login");
  });

  it("sends the operator console to /adminconsole and refuses a rep cookie there", async () => {
    const res = await proxy(page("/adminconsole/console"));
    expect(new URL(res.headers.get("location")!).pathname).toBe("/adminconsole");

    const repToken = await loginAs(await createAccount());
    const operatorToken = await loginOperator(await createAccount({ admin: true }));
    // A live rep token, under either cookie name, is not an operator session.
    for (const cookie of [`operator_session=${repToken}`, `session=${repToken}`]) {
      const refused = await proxy(page("/adminconsole/console", { cookie }));
      expect(refused.status, cookie.split("=")[0]).toBe(307);
      expect(new URL(refused.headers.get("location")!).pathname).toBe("/adminconsole");
    }
    // ...while an operator's token under the operator cookie is let through.
    const admitted = await proxy(
      page("/adminconsole/console", { cookie: `operator_session=${operatorToken}` }),
    );
    expect(admitted.status).toBe(200);
  });

  it("lets a request with a session cookie through with a nonce CSP and no unsafe-eval", async () => {
    const { addAccount } = await import("@/modules/team/lib/account-admin");
    const rep = { username: uniqueName("proxy"), password: "proxy-rep-password" };
    await addAccount(await getDb(), rep);
    const res = await login(request("POST", "/api/auth/login", { body: rep }));
    const token = (await res.json()).token as string;
    const through = await proxy(page("/app", { cookie: `session=${token}` }));
    expect(through.status).toBe(200);
    const csp = through.headers.get("content-security-policy")!;
    expect(csp).toMatch(/script-src [^;]*'nonce-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toContain("unsafe-eval");
    for (const directive of ["frame-ancestors 'none'", "object-src 'none'", "base-uri 'none'"]) {
      expect(csp).toContain(directive);
    }
    // A rep's cookie is not an operator's.
    const console = await proxy(
      page("/adminconsole/console", { cookie: `operator_session=${token}` }),
    );
    expect(console.status).toBe(307);
  });
});

describe("proxy signature check", () => {
  const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString("base64url");
  const claims = () => ({
    iss: "dialflow",
    aud: "dialflow:user",
    typ: "user",
    sub: "00000000-0000-4000-8000-000000000000",
    jti: "00000000-0000-4000-8000-000000000001",
    iat: Math.floor(Date.now() / 1000),
    exp: Math.floor(Date.now() / 1000) + 3600,
  });

  it("refuses an unsigned token with the right audience and a future expiry", async () => {
    // Make sure the server's key exists, so only the signature can be what refuses it.
    const { authSecret } = await import("@/lib/auth/secret");
    authSecret();
    const unsigned = `${b64({ alg: "none", typ: "JWT" })}.${b64(claims())}.`;
    const res = await proxy(page("/app", { cookie: `session=${unsigned}` }));
    expect(res.status).toBe(307);
    expect(new URL(res.headers.get("location")!).pathname).toBe("/login");
    expect(await res.text()).toBe("");
  });

  it("refuses a token signed with another key", async () => {
    const { SignJWT } = await import("jose");
    const forged = await new SignJWT(claims())
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .sign(new TextEncoder().encode("x".repeat(48)));
    const res = await proxy(page("/app/reports", { cookie: `session=${forged}` }));
    expect(res.status).toBe(307);
  });
});

describe("static security headers", () => {
  it("sends nosniff, a referrer policy and no X-Powered-By on every path", async () => {
    const rules = await nextConfig.headers!();
    const all = rules.find((r) => r.source === "/:path*")!;
    const byKey = Object.fromEntries(all.headers.map((h) => [h.key, h.value]));
    expect(byKey["X-Content-Type-Options"]).toBe("nosniff");
    expect(byKey["Referrer-Policy"]).toBeTruthy();
    expect(nextConfig.poweredByHeader).toBe(false);
  });
});

describe("the proxy's reach", () => {
  const matches = (url: string, cookies: Record<string, string> = {}) =>
    unstable_doesMiddlewareMatch({ config: proxyConfig, url, cookies });

  it("runs for every page but not for /api, whose JSON gets the strictest policy from the config", async () => {
    for (const url of ["/app", "/app/api", "/apix", "/adminconsole/console", "/pricing"]) {
      expect(matches(url), url).toBe(true);
    }
    for (const url of ["/api", "/api/", "/api/auth/profile", "/_next/static/chunk.js"]) {
      expect(matches(url), url).toBe(false);
      // Not even with a session cookie.
      expect(matches(url, { [publicPageSessionCookie]: "t" }), url).toBe(false);
    }
    const rules = await nextConfig.headers!();
    const api = rules.find((r) => r.source === "/api/:path*")!;
    const csp = api.headers.find((h) => h.key === "Content-Security-Policy")!.value;
    expect(csp).toBe("default-src 'none'; frame-ancestors 'none'");
    // ...besides the headers every path gets.
    expect(rules.find((r) => r.source === "/:path*")).toBeTruthy();
  });

  it("skips an anonymous visitor of the public pages, and runs with a session cookie", () => {
    // The literals of proxy.ts's matcher are these paths and this cookie.
    expect(publicPageSessionCookie).toBe(sessionCookieOf.user);
    const routes = Object.values(publicPagePaths).flatMap((suffix) =>
      locales.map((locale) => `/p/${locale}${suffix}`),
    );
    for (const url of [...Object.keys(publicPagePaths), ...routes]) {
      expect(matches(url), url).toBe(false);
      expect(matches(url, { NEXT_LOCALE: "ar", operator_session: "t" }), url).toBe(false);
    }
    for (const url of Object.keys(publicPagePaths)) {
      expect(matches(url, { [publicPageSessionCookie]: "t" }), url).toBe(true);
    }
    // Only those exact paths: what else starts like them is a page the proxy still sees.
    for (const url of ["/loginx", "/login/x", "/registered", "/p/xx", "/p/en/x", "/p/enx", "/px"]) {
      expect(matches(url), url).toBe(true);
    }
  });
});

describe("GET /api/health", () => {
  it("answers 200 with no versions or internals while the database answers", async () => {
    const res = await health();
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ status: "ok" });
  });
});

describe("demo accounts", () => {
  it.runIf(!process.env.DATABASE_URL)(
    "are created once on an empty embedded database, and their printed credentials sign in",
    async () => {
      const db = await getDb();
      await db.session.deleteMany();
      await db.user.deleteMany();
      await db.operator.deleteMany();
      const demo = await seedDemoAccounts(db);
      expect(demo).not.toBeNull();
      const banner = formatDemoBanner(demo!, "http://localhost:3000");
      const password = /username: demo\s+password: (\S+)/.exec(banner)![1]!;
      const res = await login(
        request("POST", "/api/auth/login", { body: { username: "demo", password } }),
      );
      expect(res.status).toBe(200);
      expect(await seedDemoAccounts(db)).toBeNull();
    },
  );
});
