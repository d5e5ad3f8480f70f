import http from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { createRequire } from "node:module";
import { afterEach, describe, expect, it } from "vitest";
import {
  createPublicPageMemo,
  memoKey,
  varyByCookie,
  type FetchPage,
} from "../../scripts/public-pages.mjs";

// scripts/public-pages.mjs: which requests the memo of the prerendered public pages answers,
// and that it replays Next's first answer for a (page, locale) to every later visitor.

const locales = new Set(["en", "ar", "de"]);

function request(url: string, headers: Record<string, string> = {}, method = "GET") {
  return { method, url, headers } as unknown as http.IncomingMessage;
}

describe("memoKey", () => {
  it("keys the public pages by path and locale cookie", () => {
    expect(memoKey(request("/"), locales)).toBe("/|");
    expect(memoKey(request("/login", { cookie: "NEXT_LOCALE=ar" }), locales)).toBe("/login|ar");
    expect(memoKey(request("/register", { cookie: "theme=dark; NEXT_LOCALE=de" }), locales)).toBe(
      "/register|de",
    );
  });

  it("leaves everything the proxy or Next must decide to them", () => {
    const refused: [string, Record<string, string>, string?][] = [
      ["/app", {}],
      ["/?utm=x", {}],
      ["/login/", {}],
      ["/", {}, "HEAD"],
      ["/", {}, "POST"],
      ["/", { cookie: "session=abc" }],
      ["/", { cookie: "NEXT_LOCALE=en; session=" }],
      ["/", { cookie: "NEXT_LOCALE=fr" }],
      ["/", { cookie: "NEXT_LOCALE=en; NEXT_LOCALE=ar" }],
      ["/", { rsc: "1" }],
      ["/", { "next-router-state-tree": "x" }],
      ["/", { "if-none-match": '"abc"' }],
      ["/", { range: "bytes=0-10" }],
      ["/", { "x-middleware-subrequest": "proxy" }],
    ];
    for (const [url, headers, method] of refused) {
      expect(memoKey(request(url, headers, method), locales), `${method ?? "GET"} ${url}`).toBe(
        null,
      );
    }
  });
});

describe("createPublicPageMemo", () => {
  const require = createRequire(import.meta.url);
  const compression = require("next/dist/compiled/compression")();
  let server: http.Server | undefined;
  afterEach(() => server?.close());

  async function start(fetchPage: FetchPage) {
    const fellBack: string[] = [];
    const memo = createPublicPageMemo({
      locales,
      fetchPage,
      compress: (req, res) => compression(req, res, () => {}),
    });
    server = http.createServer((req, res) => {
      const toNext = () => {
        fellBack.push(req.url!);
        res.writeHead(418).end("next");
      };
      if (!memo.answer(req, res, toNext)) toNext();
    });
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return { base, fellBack };
  }

  function get(url: string, headers: Record<string, string> = {}) {
    return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
      (resolve, reject) => {
        http
          .get(url, { headers }, (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (c: Buffer) => chunks.push(c));
            res.on("end", () =>
              resolve({
                status: res.statusCode!,
                headers: res.headers,
                body: Buffer.concat(chunks),
              }),
            );
          })
          .on("error", reject);
      },
    );
  }

  const html = "<!DOCTYPE html><html><body>" + "landing ".repeat(500) + "</body></html>";

  it("asks once per page and locale, then replays the answer, compressed on request", async () => {
    const asked: string[] = [];
    const { base, fellBack } = await start(async (url, locale) => {
      asked.push(`${url}|${locale}`);
      return {
        status: 200,
        rawHeaders: [
          "Content-Security-Policy",
          `script-src 'self' 'sha256-${locale || "en"}'`,
          "x-nextjs-prerender",
          "1",
          "x-nextjs-prerender",
          "1",
          "Content-Type",
          "text/html; charset=utf-8",
          "Content-Length",
          String(Buffer.byteLength(html)),
          "Date",
          "Thu, 01 Jan 2026 00:00:00 GMT",
        ],
        body: Buffer.from(html),
      };
    });
    const first = await get(`${base}/`);
    const second = await get(`${base}/`);
    const arabic = await get(`${base}/`, { cookie: "NEXT_LOCALE=ar" });
    const zipped = await get(`${base}/`, { "accept-encoding": "gzip" });
    expect(asked).toEqual(["/|", "/|ar"]);
    expect(fellBack).toEqual([]);
    for (const answer of [first, second]) {
      expect(answer.status).toBe(200);
      expect(answer.body.toString()).toBe(html);
      expect(answer.headers["content-length"]).toBe(String(Buffer.byteLength(html)));
      expect(answer.headers["content-security-policy"]).toBe("script-src 'self' 'sha256-en'");
      expect(answer.headers["x-nextjs-prerender"]).toBe("1, 1");
      expect(answer.headers.date).not.toBe("Thu, 01 Jan 2026 00:00:00 GMT");
    }
    expect(arabic.headers["content-security-policy"]).toBe("script-src 'self' 'sha256-ar'");
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(zipped.headers["content-length"]).toBeUndefined();
    expect(gunzipSync(zipped.body).toString()).toBe(html);
  });

  it("hands a request to Next when the page is not a plain 200, and asks again next time", async () => {
    const asked: string[] = [];
    const answers = [
      { status: 307, rawHeaders: ["Location", "/app"], body: Buffer.alloc(0) },
      {
        status: 200,
        rawHeaders: ["Content-Type", "text/html", "Set-Cookie", "a=b"],
        body: Buffer.from(html),
      },
    ];
    const { base, fellBack } = await start(async (url) => {
      asked.push(url);
      const answer = answers.shift();
      if (!answer) throw new Error("loopback failed");
      return answer;
    });
    const results = [
      await get(`${base}/login`),
      await get(`${base}/login`),
      await get(`${base}/login`),
    ];
    expect(results.map((r) => r.status)).toEqual([418, 418, 418]);
    expect(asked).toEqual(["/login", "/login", "/login"]);
    expect(fellBack).toEqual(["/login", "/login", "/login"]);
    expect((await get(`${base}/`, { cookie: "session=x" })).status).toBe(418);
  });
});

describe("varyByCookie", () => {
  let server: http.Server | undefined;
  afterEach(() => server?.close());

  it("keeps shared caches from storing a public page and adds Cookie to Vary", async () => {
    server = http.createServer((req, res) => {
      varyByCookie(req, res);
      // What Next sends for a prerendered page, through setHeader and inline.
      res.setHeader("Vary", "rsc, Accept-Encoding");
      if (req.url === "/login") res.writeHead(200, { "Cache-Control": "s-maxage=31536000" });
      else res.setHeader("Cache-Control", "s-maxage=31536000");
      res.end("page");
    });
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    for (const url of ["/", "/login", "/register?ref=x"]) {
      const res = await fetch(`${base}${url}`);
      expect(res.headers.get("cache-control"), url).toBe("private, no-cache");
      expect(res.headers.get("vary"), url).toBe("rsc, Accept-Encoding, Cookie");
    }
    const other = await fetch(`${base}/app`);
    expect(other.headers.get("cache-control")).toBe("s-maxage=31536000");
    expect(other.headers.get("vary")).toBe("rsc, Accept-Encoding");
  });
});
