import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { proxy } from "@/proxy";
import { createAccount, loginAs } from "./helpers";

// The prerendered public pages: proxy.ts picks the locale's HTML, sends signed-in visitors on,
// and allows exactly the inline scripts of that HTML by hash (no nonce, no unsafe-*), with the
// hashes the build wrote into it (scripts/public-page-csp.mjs).
const page = (p: string, headers: Record<string, string> = {}) =>
  new NextRequest(`http://localhost:3000${p}`, { headers });

const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
const inlineA = "(self.__next_f=self.__next_f||[]).push([0])";
const inlineB = 'self.__next_f.push([1,"payload"])';

let distDir: string;
/** The compiled proxy of the stand-in build, holding the placeholder as proxy.ts does. */
let proxyFile: string;

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
  proxyFile = path.join(distDir, "server/chunks/proxy.js");
  fs.mkdirSync(path.dirname(proxyFile), { recursive: true });
  fs.writeFileSync(proxyFile, `let s=JSON.parse("__DIALFLOW_PUBLIC_PAGE_SCRIPT_SOURCES__");`);
});

afterAll(() => {
  fs.rmSync(distDir, { recursive: true, force: true });
});

describe("the public pages' script hashes, computed by the build", () => {
  it("are written into the compiled proxy, per page", async () => {
    const { writePublicPageCsp } = await import("@/scripts/public-page-csp.mjs");
    expect(writePublicPageCsp(distDir)).toEqual({ pages: 2, written: 1 });
    const code = fs.readFileSync(proxyFile, "utf8");
    const literal = /JSON\.parse\(("(?:[^"\\]|\\.)*")\)/.exec(code)![1]!;
    const sources = JSON.parse(JSON.parse(literal) as string) as Record<string, string>;
    expect(Object.keys(sources).sort()).toEqual(["/p/de/login", "/p/en"]);
    // An external chunk without integrity cannot be allowed by hash: by origin ('self', in the
    // policy), not by 'strict-dynamic' (which would ignore 'self' and block it).
    expect(sources["/p/de/login"]).toBe(`${sha(inlineA)} ${sha(inlineB)}`);
    // Every external script with integrity: exactly these and what they load.
    expect(sources["/p/en"]).toBe(`${sha(inlineA)} 'sha256-abc' 'strict-dynamic'`);
  });

  it("stop the build when the compiled proxy holds no placeholder", async () => {
    const { writePublicPageCsp } = await import("@/scripts/public-page-csp.mjs");
    // The first test replaced it: a second run finds none.
    expect(() => writePublicPageCsp(distDir)).toThrow(/placeholder/);
  });
});

describe("static public pages in the proxy", () => {
  it("rewrites /, /login and /register to the cookie's locale (English without one)", async () => {
    const cases: [string, Record<string, string>, string][] = [
      ["/", {}, "/p/en"],
      ["/login", { cookie: "NEXT_LOCALE=ar" }, "/p/ar/login"],
      ["/register", { cookie: "NEXT_LOCALE=de" }, "/p/de/register"],
      ["/login", { cookie: "NEXT_LOCALE=xx" }, "/p/en/login"],
    ];
    for (const [p, headers, target] of cases) {
      const res = await proxy(page(p, headers));
      expect(res.status, p).toBe(200);
      expect(new URL(res.headers.get("x-middleware-rewrite")!).pathname, p).toBe(target);
      expect(res.headers.get("vary")).toContain("Cookie");
    }
  });

  it("runs no script at all on a public page of a build that computed no hashes", async () => {
    // This source is such a build: the placeholder is still in it (scripts/build.mjs replaces it).
    const res = await proxy(page("/register", { cookie: "NEXT_LOCALE=ar" }));
    const csp = res.headers.get("content-security-policy")!;
    const scriptSrc = /script-src ([^;]*)/.exec(csp)![1]!;
    expect(scriptSrc).toContain("'strict-dynamic'");
    expect(scriptSrc).not.toMatch(/sha256-|nonce-|unsafe-inline|unsafe-eval/);
    for (const directive of ["frame-ancestors 'none'", "object-src 'none'", "base-uri 'none'"]) {
      expect(csp).toContain(directive);
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
    const through = await proxy(page("/", { "x-next-intl-locale": "ar" }));
    expect(new URL(through.headers.get("x-middleware-rewrite")!).pathname).toBe("/p/en");
    expect(through.headers.get("x-middleware-request-x-next-intl-locale")).toBeNull();
  });
});
