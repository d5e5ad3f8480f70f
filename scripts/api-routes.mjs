// The app's route handlers (app/api/**/route.ts), answered without Next's request pipeline.
//
// Next's pipeline costs ~1 ms of the request thread per call before a route handler runs
// (measured: a 401 with no work at ~960 req/s, 9 % of node:http), more than the handlers
// themselves. The route handlers need none of it: they read only the Request they are given
// (no next/headers, no after(), no caching) and map every error themselves (lib/api/handler.ts).
// So serve.mjs hands /api requests to the handlers the build compiled, found through the
// build's own manifests, with the headers next.config.ts declares for them. Anything this
// does not recognise (a method a route does not export, HEAD, OPTIONS, a trailing slash, an
// unusual path) still goes to Next, which answers it as before. API_DIRECT=off sends every
// request to Next (for example, should a Next upgrade change what its route modules export).
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { Readable } from "node:stream";

const require = createRequire(import.meta.url);
/**
 * Compression as Next's router applies it (next.config.ts keeps `compress` on): call the result
 * with a request and its response before writing the answer.
 * @returns {(req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse) => void}
 */
export function nextCompression() {
  const compress = require("next/dist/compiled/compression")();
  const { releaseCompressionStream } = require("next/dist/server/lib/release-compression-stream");
  return (req, res) => {
    compress(req, res, () => {});
    // On a client disconnect the middleware never ends its zlib stream (Next does the same).
    res.once("close", () => {
      if (!res.writableFinished) releaseCompressionStream(res);
    });
  };
}

/** The TCP peer address, set by serve.mjs (lib/api/client-ip.ts reads it). */
export const socketIpHeader = "x-dialflow-socket-ip";
const methods = new Set(["GET", "POST", "PUT", "PATCH", "DELETE"]);
/** Plain path segments only: anything else (dots, doubled or trailing slashes) is Next's to normalise. */
const plainPath = /^\/api(?:\/(?!\.\.?(?:\/|$))[A-Za-z0-9._~!$&'()*+,;=:@%-]+)+$/;

/**
 * @typedef {{ [method: string]: unknown }} Userland
 * @typedef {{ userland: Userland; params: string[]; catchAll: Set<string>; regex?: RegExp }} Route
 */

/** The `[name]` and `[...name]` segments of a route's page path, in order. */
function paramNames(page) {
  const names = [];
  const catchAll = new Set();
  for (const [, dots, name] of page.matchAll(/\[\[?(\.\.\.)?([^\]]+)\]\]?/g)) {
    names.push(name);
    if (dots) catchAll.add(name);
  }
  return { names, catchAll };
}

/**
 * Loads every /api route module of the build in `distDir` and returns a matcher, or null (with
 * the reason logged) when the build's layout is not what this expects: then Next serves /api.
 * @param {string} distDir
 * @param {{ warn(message: string): void }} logger
 */
export async function loadApiRoutes(distDir, logger) {
  if (/^(off|false|0|no)$/i.test(process.env.API_DIRECT ?? "")) return null;
  try {
    const read = (file) => JSON.parse(fs.readFileSync(path.join(distDir, file), "utf8"));
    const routesManifest = read("routes-manifest.json");
    const appPaths = read("server/app-paths-manifest.json");
    /** @type {Map<string, Route>} */
    const staticRoutes = new Map();
    /** @type {Route[]} */
    const dynamicRoutes = [];
    const byPage = new Map();
    for (const [entry, file] of Object.entries(appPaths)) {
      if (!entry.startsWith("/api/") || !entry.endsWith("/route")) continue;
      const mod = require(path.resolve(distDir, "server", file));
      const routeModule = mod.routeModule;
      await routeModule.ensureUserland();
      byPage.set(entry.slice(0, -"/route".length), routeModule.userland);
    }
    for (const { page } of routesManifest.staticRoutes) {
      const userland = byPage.get(page);
      if (userland) staticRoutes.set(page, { userland, params: [], catchAll: new Set() });
    }
    // In the manifest's order: Next's own precedence (more specific routes first).
    for (const { page, regex } of routesManifest.dynamicRoutes) {
      const userland = byPage.get(page);
      if (!userland) continue;
      const { names, catchAll } = paramNames(page);
      dynamicRoutes.push({ userland, params: names, catchAll, regex: new RegExp(regex) });
    }
    if (routesManifest.headers.some((rule) => rule.has || rule.missing)) {
      throw new Error("next.config.ts has conditional headers, which this does not apply");
    }
    const headers = routesManifest.headers.map((rule) => ({
      regex: new RegExp(rule.regex),
      headers: rule.headers,
    }));
    if (staticRoutes.size + dynamicRoutes.length !== byPage.size) {
      throw new Error(`${byPage.size} route modules, but the manifest routes to a different set`);
    }
    // Loaded after Next has prepared its server (it needs Next's AsyncLocalStorage set up).
    const { NextRequest } = require("next/server");
    return {
      count: byPage.size,
      match: matcher(staticRoutes, dynamicRoutes),
      headers,
      NextRequest,
      compress: nextCompression(),
    };
  } catch (err) {
    logger.warn(
      `API routes go through Next's router: ${err instanceof Error ? err.message : String(err)}`,
    );
    return null;
  }
}

/**
 * @param {Map<string, Route>} staticRoutes
 * @param {Route[]} dynamicRoutes
 */
function matcher(staticRoutes, dynamicRoutes) {
  /** @returns {{ handler: Function; params: Record<string, string | string[]> } | null} */
  return (method, pathname) => {
    if (!methods.has(method) || !plainPath.test(pathname)) return null;
    const found = staticRoutes.get(pathname);
    if (found) {
      const handler = found.userland[method];
      return typeof handler === "function" ? { handler, params: {} } : null;
    }
    for (const route of dynamicRoutes) {
      const groups = route.regex?.exec(pathname);
      if (!groups) continue;
      const handler = route.userland[method];
      if (typeof handler !== "function") return null;
      /** @type {Record<string, string | string[]>} */
      const params = {};
      try {
        route.params.forEach((name, i) => {
          const raw = groups[i + 1] ?? "";
          params[name] = route.catchAll.has(name)
            ? raw.split("/").map(decodeURIComponent)
            : decodeURIComponent(raw);
        });
      } catch {
        return null; // a malformed escape: Next answers it
      }
      return { handler, params };
    }
    return null;
  };
}

/** Headers a Response may carry that never go out as they are (as Next's sendResponse). */
const framingHeaders = new Set(["content-length", "content-encoding", "transfer-encoding"]);
const internalHeaders = new Set(["x-middleware-set-cookie"]);
/** Headers a route may add to what next.config.ts set; any other config header wins. */
const multiValued = new Set(["set-cookie", "www-authenticate", "proxy-authenticate", "vary"]);

/**
 * Answers one request with a route handler: a Web Request in, its Response streamed out, with
 * next.config.ts's headers and compression applied as Next's router and sendResponse do.
 * @param {import("node:http").IncomingMessage} req
 * @param {import("node:http").ServerResponse} res
 * @param {{ handler: Function; params: Record<string, string | string[]> }} route
 * @param {NonNullable<Awaited<ReturnType<typeof loadApiRoutes>>>} api
 */
export async function answerApi(req, res, route, api) {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    headers.append(req.rawHeaders[i], req.rawHeaders[i + 1]);
  }
  // What serve.mjs set on the request itself replaces any copy a client sent.
  headers.set(socketIpHeader, String(req.headers[socketIpHeader]));
  const request = new api.NextRequest(`http://${req.headers.host || "localhost"}${req.url}`, {
    method: req.method,
    headers,
    ...(req.method === "GET" ? {} : { body: Readable.toWeb(req), duplex: "half" }),
  });
  /** @type {Response} */
  let response;
  try {
    response = await route.handler(request, { params: Promise.resolve(route.params) });
  } catch (err) {
    // The handlers map their own errors (lib/api/handler.ts); this is a bug, logged, not sent.
    console.error(`${req.method} ${req.url.split("?")[0]} failed:`, err);
    response = new Response(null, { status: 500 });
  }
  api.compress(req, res);
  const pathname = req.url.split("?")[0];
  for (const rule of api.headers) {
    if (!rule.regex.test(pathname)) continue;
    for (const { key, value } of rule.headers) res.setHeader(key, value);
  }
  for (const [name, value] of response.headers) {
    if (framingHeaders.has(name) || internalHeaders.has(name)) continue;
    if (name === "set-cookie") continue;
    if (multiValued.has(name) || res.getHeader(name) === undefined) res.appendHeader(name, value);
  }
  for (const cookie of response.headers.getSetCookie()) res.appendHeader("set-cookie", cookie);
  res.statusCode = response.status;
  if (response.statusText) res.statusMessage = response.statusText;
  if (!response.body) res.end();
  else if (/^application\/json\b/.test(response.headers.get("content-type") ?? "")) {
    await sendWhole(response, res);
  } else await sendBody(response.body, res);
}

/**
 * Sends a Response body that was built whole (JSON) in one write, with its Content-Length: no
 * chunked framing and no second write for the last chunk.
 * @param {Response} response
 * @param {import("node:http").ServerResponse} res
 */
async function sendWhole(response, res) {
  let body;
  try {
    body = Buffer.from(await response.arrayBuffer());
  } catch (err) {
    console.error(`answer body failed: ${err instanceof Error ? err.message : String(err)}`);
    res.destroy();
    return;
  }
  // Set here: the compression middleware sends the headers before Node could count the body.
  // Above its threshold (1 KiB) it compresses and drops the length again.
  res.setHeader("content-length", body.length);
  res.end(body);
}

/**
 * Streams a Response body out with backpressure (a JSON answer is usually one chunk; an export
 * is many). A client that goes away cancels the body, so its producer stops.
 * @param {ReadableStream<Uint8Array>} body
 * @param {import("node:http").ServerResponse} res
 */
async function sendBody(body, res) {
  const reader = body.getReader();
  // One listener each for the whole answer (the compression middleware moves "drain" listeners
  // to its zlib stream, where removing them would not reach).
  let wake = () => {};
  const onDrain = () => wake();
  const onClose = () => {
    wake();
    void reader.cancel().catch(() => {});
  };
  res.on("drain", onDrain);
  res.once("close", onClose);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (res.destroyed) return;
      if (!res.write(value)) await new Promise((resolve) => (wake = resolve));
    }
    res.end();
  } catch (err) {
    // The body failed mid-stream (its producer threw): cut the answer off rather than end it
    // as if complete.
    console.error(`answer body failed: ${err instanceof Error ? err.message : String(err)}`);
    res.destroy();
  } finally {
    res.off("close", onClose);
  }
}
