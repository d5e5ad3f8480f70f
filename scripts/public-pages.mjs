// The prerendered public pages (/, /login, /register) answered from memory for visitors without
// a session cookie.
//
// Each of these pages is the same HTML for every such visitor of one locale: the build
// prerendered it (app/p/[locale]), and what proxy.ts adds (the rewrite to the locale's copy and
// a CSP listing the hashes of that HTML's inline scripts) depends only on the session cookie
// (absent here) and the locale cookie. Next's pipeline and the proxy still cost ~3 ms of the
// request thread per visit. So the first visit of a (page, locale) asks the server itself for it
// once, over loopback, through Next and the proxy as before; that answer (a 200: its headers and
// HTML) is then replayed to every later visit with that key, compressed as Next compresses. It
// lives as long as the process, as the build it came from does (proxy.ts caches the hashes the
// same way).
//
// Anything else still goes to Next: HEAD, conditional and range requests, client-side
// navigations (RSC headers), a query string, a session cookie, a locale cookie naming no
// prerendered locale, and whatever the loopback fetch did not answer with a plain 200.
// PUBLIC_PAGE_MEMO=off turns this off. If proxy.ts ever reads anything else for these pages,
// it must go into `memoKey` below.
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { nextCompression } from "./api-routes.mjs";

const pages = new Set(["/", "/login", "/register"]);
/** Marks the memo's own loopback fetch (with a per-process token), which Next answers. */
const fillHeader = "x-dialflow-page-fill";
/** lib/i18n/config.ts's `localeCookie`, and the cookie proxy.ts checks for a signed-in visitor. */
const localeCookie = "NEXT_LOCALE";
const sessionCookie = "session";
/** Request headers that change what Next answers (navigation, caching, its internal ones). */
const nextHeaders = /^(rsc|next-|x-middleware|x-nextjs|x-now|x-invoke|x-matched|if-|range$)/i;
/** Response headers that belong to one connection or one transfer, never replayed. */
const transferHeaders = new Set([
  "date",
  "connection",
  "keep-alive",
  "transfer-encoding",
  "content-length",
  "content-encoding",
]);

/**
 * The memo's key for a request, or null when the request is not one it answers.
 * @param {import("node:http").IncomingMessage} req
 * @param {Set<string>} locales the locales with a prerendered copy
 */
export function memoKey(req, locales) {
  if (req.method !== "GET" || !pages.has(req.url ?? "")) return null;
  for (const name of Object.keys(req.headers)) if (nextHeaders.test(name)) return null;
  let locale = "";
  for (const part of (req.headers.cookie ?? "").split(";")) {
    const eq = part.indexOf("=");
    const name = (eq < 0 ? part : part.slice(0, eq)).trim();
    if (name === sessionCookie) return null;
    if (name !== localeCookie) continue;
    const value = part.slice(eq + 1).trim();
    // A second locale cookie or one with no prerendered copy: the proxy decides.
    if (locale || !locales.has(value)) return null;
    locale = value;
  }
  return `${req.url}|${locale}`;
}

/**
 * Every answer for a public page path varies by cookie: the proxy picks the locale's copy and
 * sends a signed-in visitor on. Next marks the prerendered pages `s-maxage=31536000` and
 * replaces the proxy's `Vary: Cookie` with its own list, so a shared cache (a CDN) would have
 * kept one visitor's answer for a year and given it to everyone. This makes them `private,
 * no-cache` (a browser revalidates with the ETag) and adds Cookie to Vary, on every path
 * (memo, Next, redirects).
 * @param {import("node:http").IncomingMessage} req
 * @param {import("node:http").ServerResponse} res
 */
export function varyByCookie(req, res) {
  const url = req.url ?? "";
  const query = url.indexOf("?");
  if (!pages.has(query < 0 ? url : url.slice(0, query))) return;
  const { writeHead } = res;
  res.writeHead = function (status, ...rest) {
    const inline = rest.find((r) => r && typeof r === "object" && !Array.isArray(r));
    if (inline) {
      for (const key of Object.keys(inline)) {
        if (/^(cache-control|vary)$/i.test(key)) {
          res.setHeader(key, inline[key]);
          delete inline[key];
        }
      }
    }
    res.setHeader("Cache-Control", "private, no-cache");
    const vary = String(res.getHeader("Vary") ?? "");
    if (!/(^|,)\s*cookie\s*(,|$)/i.test(vary))
      res.setHeader("Vary", vary ? `${vary}, Cookie` : "Cookie");
    return writeHead.call(this, status, ...rest);
  };
}

/**
 * @typedef {{ headers: [string, string][]; body: Buffer }} Page
 * @typedef {(url: string, locale: string) => Promise<{ status: number; rawHeaders: string[]; body: Buffer }>} FetchPage
 */

/**
 * @param {{ locales: Set<string>; fetchPage: FetchPage; compress(req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse): void }} options
 */
export function createPublicPageMemo({ locales, fetchPage, compress }) {
  /** @type {Map<string, Promise<Page | null>>} */
  const memo = new Map();

  /** @returns {Promise<Page | null>} */
  async function load(url, locale) {
    const answer = await fetchPage(url, locale);
    const names = [];
    for (let i = 0; i < answer.rawHeaders.length; i += 2)
      names.push(answer.rawHeaders[i].toLowerCase());
    const type = answer.rawHeaders[names.indexOf("content-type") * 2 + 1] ?? "";
    // Only a plain page: never a redirect, an error, or anything that sets a cookie.
    if (answer.status !== 200 || names.includes("set-cookie") || !type.startsWith("text/html")) {
      return null;
    }
    /** @type {[string, string][]} */
    const headers = [];
    for (let i = 0; i < answer.rawHeaders.length; i += 2) {
      if (!transferHeaders.has(names[i / 2])) {
        headers.push([answer.rawHeaders[i], answer.rawHeaders[i + 1]]);
      }
    }
    return { headers, body: answer.body };
  }

  return {
    /**
     * Answers the request from memory and returns true, or returns false (Next answers it).
     * @param {import("node:http").IncomingMessage} req
     * @param {import("node:http").ServerResponse} res
     * @param {() => void} fallback
     */
    answer(req, res, fallback) {
      const key = memoKey(req, locales);
      if (!key) return false;
      let page = memo.get(key);
      if (!page) {
        const [url, locale] = key.split("|");
        page = load(url, locale).catch((err) => {
          console.error(`public page ${url}: ${err instanceof Error ? err.message : String(err)}`);
          return null;
        });
        memo.set(key, page);
        // Not kept when it failed: the next visit tries again.
        void page.then((p) => p || memo.delete(key));
      }
      void page.then((p) => {
        if (!p) return fallback();
        if (res.destroyed) return;
        compress(req, res);
        res.statusCode = 200;
        for (const [name, value] of p.headers) res.appendHeader(name, value);
        // As Next sends it (the compression middleware drops it when it compresses).
        res.setHeader("Content-Length", p.body.length);
        res.end(p.body);
      });
      return true;
    },
  };
}

/**
 * The memo for a production build in `distDir`, served by `server` (asked over loopback), or
 * null when it is turned off or the build has no prerendered public pages.
 * @param {string} distDir
 * @param {() => import("node:net").AddressInfo | string | null} address the server's address
 */
export function loadPublicPages(distDir, address) {
  if (/^(off|false|0|no)$/i.test(process.env.PUBLIC_PAGE_MEMO ?? "")) return null;
  let locales;
  try {
    locales = new Set(
      fs
        .readdirSync(path.join(distDir, "server/app/p"))
        .filter((f) => f.endsWith(".html"))
        .map((f) => f.slice(0, -".html".length)),
    );
  } catch {
    return null;
  }
  if (locales.size === 0) return null;
  // The loopback request carries this; serve.mjs sends it to Next (never to the memo).
  const fillToken = crypto.randomBytes(16).toString("hex");
  /** @type {FetchPage} */
  const fetchPage = (url, locale) =>
    new Promise((resolve, reject) => {
      const info = address();
      if (!info || typeof info === "string") return reject(new Error("no TCP address"));
      const host =
        info.address === "0.0.0.0" ? "127.0.0.1" : info.address === "::" ? "::1" : info.address;
      const headers = { "accept-encoding": "identity", [fillHeader]: fillToken };
      if (locale) headers.cookie = `${localeCookie}=${locale}`;
      const request = http.get({ host, port: info.port, path: url, headers }, (res) => {
        const chunks = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            rawHeaders: res.rawHeaders,
            body: Buffer.concat(chunks),
          }),
        );
        res.on("error", reject);
      });
      request.setTimeout(30_000, () => request.destroy(new Error("timed out")));
      request.on("error", reject);
    });
  const memo = createPublicPageMemo({
    locales,
    fetchPage,
    compress: nextCompression(),
  });
  return {
    /** True when serve.mjs must hand this request to Next: the memo's own loopback fetch. */
    isFill: (req) => req.headers[fillHeader] === fillToken,
    answer: memo.answer,
  };
}
