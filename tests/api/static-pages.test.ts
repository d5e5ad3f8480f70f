import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { unstable_getResponseFromNextConfig } from "next/experimental/testing/server";
import { pageCsp } from "@/lib/security/page-csp";
import nextConfig from "@/next.config";
import { proxy } from "@/proxy";
import { scriptSourcesPlaceholder, writePublicPageCsp } from "@/scripts/public-page-csp.mjs";
import { createAccount, loginAs } from "./helpers";

// The prerendered public pages: next.config.ts picks the locale's HTML and allows exactly the
// inline scripts of that HTML by hash (no nonce, no unsafe-*), with the hashes the build wrote
// into its routes manifest (scripts/public-page-csp.mjs); proxy.ts sends signed-in visitors on.
const page = (p: string, headers: Record<string, string> = {}) =>
  new NextRequest(`http://localhost:3000${p}`, { headers });

const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
const inlineA = "(self.__next_f=self.__next_f||[]).push([0])";
const inlineB = 'self.__next_f.push([1,"payload"])';

let distDir: string;
/** The stand-in build's routes manifest, holding the placeholders next.config.ts builds. */
let manifestFile: string;
const placeholderCsp = (route: string) => pageCsp(scriptSourcesPlaceholder(route));

beforeAll(() => {
  // A stand-in build: /p/de/login prerendered with two inline scripts and one external chunk
  // without integrity (as Turbopack writes the page's own chunks), /p/en with only chunks that
  // carry integrity.
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), "dialflow-static-csp-"));
  const dir = path.join(distDir, "server/app/p/de");
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, "login.html"),
    `<!DOCTYPE html><html lang="de"><head><script src="/_next/static/chunks/a.js" async=""></script>` +
      `<script src="/_next/static/chunks/p.js" integrity="sha256-x" noModule=""></script></head>` +
      `<body><script>${inlineA}</script><script>${inlineB}</script></body></html>`,
  );
  fs.writeFileSync(
    path.join(distDir, "server/app/p/en.html"),
    `<html><head><script src="/a.js" integrity="sha256-abc"></script></head>` +
      `<body><script>${inlineA}</script></body></html>`,
  );
  manifestFile = path.join(distDir, "routes-manifest.json");
  const header = (source: string, route: string) => ({
    source,
    headers: [{ key: "Content-Security-Policy", value: placeholderCsp(route) }],
  });
  const headers = [header("/", "/p/en"), header("/login", "/p/de/login"), header("/p/en", "/p/en")];
  fs.writeFileSync(manifestFile, JSON.stringify({ version: 3, headers }));
});

afterAll(() => {
  fs.rmSync(distDir, { recursive: true, force: true });
});

function manifestCsp(source: string) {
  const manifest = JSON.parse(fs.readFileSync(manifestFile, "utf8")) as {
    headers: { source: string; headers: { key: string; value: string }[] }[];
  };
  return manifest.headers.find((h) => h.source === source)!.headers[0]!.value;
}

describe("the public pages' script hashes, computed by the build", () => {
  it("are written into the routes manifest's CSP headers, per page", () => {
    expect(writePublicPageCsp(distDir)).toEqual({ pages: 2, written: 3 });
    // An external chunk without integrity cannot be allowed by hash: by origin ('self', in the
    // policy), not by 'strict-dynamic' (which would ignore 'self' and block it).
    expect(manifestCsp("/login")).toBe(pageCsp(`${sha(inlineA)} ${sha(inlineB)}`));
    // Every external script with integrity: exactly these and what they load.
    const en = pageCsp(`${sha(inlineA)} 'sha256-abc' 'strict-dynamic'`);
    expect(manifestCsp("/")).toBe(en);
    expect(manifestCsp("/p/en")).toBe(en);
    expect(/script-src ([^;]*)/.exec(manifestCsp("/"))![1]).not.toMatch(/unsafe-|__DIALFLOW/);
  });

  it("stop the build when the routes manifest holds no placeholder", () => {
    // The first test replaced them: a second run finds none.
    expect(() => writePublicPageCsp(distDir)).toThrow(/placeholder/);
  });

  it("stop the build when a policy names a page the build did not prerender", () => {
    const headers = [{ source: "/", headers: [{ key: "CSP", value: placeholderCsp("/p/ar") }] }];
    fs.writeFileSync(manifestFile, JSON.stringify({ version: 3, headers }));
    expect(() => writePublicPageCsp(distDir)).toThrow(/no prerendered HTML for \/p\/ar/);
  });
});

/** Next's own evaluation of next.config.ts's headers and rewrites for one request. */
const viaConfig = (url: string, cookies: Record<string, string> = {}) =>
  unstable_getResponseFromNextConfig({ url: `http://localhost:3000${url}`, nextConfig, cookies });

describe("static public pages in next.config.ts (no proxy on their way)", () => {
  it("rewrites /, /login and /register to the cookie's locale (English without one)", async () => {
    const cases: [string, Record<string, string>, string][] = [
      ["/", {}, "/p/en"],
      ["/", { NEXT_LOCALE: "ar" }, "/p/ar"],
      ["/login", { NEXT_LOCALE: "ar" }, "/p/ar/login"],
      ["/register", { NEXT_LOCALE: "de" }, "/p/de/register"],
      ["/login", { NEXT_LOCALE: "xx" }, "/p/en/login"],
      ["/login", { NEXT_LOCALE: "ar-x" }, "/p/en/login"],
      ["/register", { NEXT_LOCALE: "" }, "/p/en/register"],
    ];
    for (const [p, cookies, target] of cases) {
      const res = await viaConfig(p, cookies);
      const label = `${p} ${JSON.stringify(cookies)}`;
      expect(new URL(res.headers.get("x-middleware-rewrite")!).pathname, label).toBe(target);
      expect(res.headers.get("cache-control"), label).toBe("private, no-cache");
      // The policy is the one of the page the rewrite serves (its placeholder names it).
      expect(res.headers.get("content-security-policy"), label).toBe(placeholderCsp(target));
    }
  });

  it("give a prerendered route asked for directly its own policy", async () => {
    for (const route of ["/p/en", "/p/ar/login", "/p/de/register"]) {
      const res = await viaConfig(route, { NEXT_LOCALE: "de" });
      expect(res.headers.get("content-security-policy"), route).toBe(placeholderCsp(route));
    }
  });

  it("runs no script at all on a public page of a build that computed no hashes", async () => {
    // This config is such a build's: the placeholder is still in it (scripts/build.mjs fills it).
    const res = await viaConfig("/register", { NEXT_LOCALE: "ar" });
    const csp = res.headers.get("content-security-policy")!;
    const scriptSrc = /script-src ([^;]*)/.exec(csp)![1]!;
    expect(scriptSrc).toContain("'strict-dynamic'");
    expect(scriptSrc).not.toMatch(/sha256-|nonce-|unsafe-inline|unsafe-eval/);
    for (const directive of ["frame-ancestors 'none'", "object-src 'none'", "base-uri 'none'"]) {
      expect(csp).toContain(directive);
    }
  });
});

describe("static public pages in the proxy (with a session cookie)", () => {
  it("lets a visitor whose cookie is no valid session on to the rewrite, setting nothing", async () => {
    for (const p of ["/", "/login", "/register"]) {
      const res = await proxy(page(p, { cookie: "session=stale; NEXT_LOCALE=ar" }));
      expect(res.status, p).toBe(200);
      expect(res.headers.get("x-middleware-next"), p).toBe("1");
      expect(res.headers.get("x-middleware-rewrite"), p).toBeNull();
      // The page's hash policy (next.config.ts) stays: no nonce policy over it.
      expect(res.headers.get("content-security-policy"), p).toBeNull();
    }
  });

  it("sends a signed-in visitor from / to /app and from /login and /register to /", async () => {
    const token = await loginAs(await createAccount());
    for (const [p, to] of [
      ["/", "/app"],
      ["/login", "/"],
      ["/register", "/"],
    ]) {
      const res = await proxy(page(p!, { cookie: `session=${token}` }));
      expect(res.status, p).toBe(307);
      expect(new URL(res.headers.get("location")!).pathname, p).toBe(to);
    }
  });

  it("ignores a client's next-intl locale header", async () => {
    const res = await proxy(page("/app/targets", { "x-next-intl-locale": "ar" }));
    // Signed out: redirected before anything renders; the header never reaches a page.
    expect(res.status).toBe(307);
    // (The public pages are prerendered: no request header reaches what they render.)
  });
});
