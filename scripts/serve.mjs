// Serves the production build. A small wrapper around Next's request handler so that the
// app learns the TCP peer address (Next only fills X-Forwarded-For when a client did not),
// which the login throttle needs to tell clients apart without trusting client headers.
// It also owns shutdown: on SIGTERM or SIGINT it stops accepting connections, lets in-flight
// requests finish (up to 8 s), closes the database cleanly and exits, always within 9.5 s.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import nextEnv from "@next/env";
import v8 from "node:v8";
import vm from "node:vm";
import next from "next";
import { answerApi, loadApiRoutes, socketIpHeader } from "./api-routes.mjs";
import { loadPublicPages, varyByCookie } from "./public-pages.mjs";

// WebAssembly (the embedded database, Prisma's query compiler) runs on V8's baseline compiler
// only. By default V8 also recompiles hot WASM functions with its optimizing compiler in the
// background: on a small server that costs ~40-70 MB of resident memory (compiled code and
// compiler memory) and CPU the requests need. Measured (README, benchmarks): the interactive
// routes are no slower without it; bulk database work is ~30 % slower (a 100,000-row export
// 1.4 s instead of 1.1 s). Remove this line if that matters more than memory. Set before
// anything compiles WebAssembly.
v8.setFlagsFromString("--liftoff-only");

// A full garbage collection once the server falls idle after work (below). V8 collects the main
// heap lazily: after a burst of requests it kept ~200 MB of garbage for good on an idle server,
// since Node gives V8 no idle-time hints. Enabled here rather than with --expose-gc, so that the
// start commands stay plain; the function is reached through a fresh context, as V8 installs it.
v8.setFlagsFromString("--expose-gc");
const collectGarbage = vm.runInNewContext("gc");
/** No request for this long after some work: collect once. */
const idleCollectMs = 10_000;

const drainMs = 8_000;
const hardExitMs = 9_500;

const allowedMethods = "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS";
const quietHeaders = {
  "Content-Length": "0",
  "Cache-Control": "no-store",
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
};

// Health probes are answered here, before Next routing: a load balancer polls them often, and
// readiness must stay quick while the server is busy. Liveness never touches the database;
// readiness (and /api/health, the same) asks lib/health.ts, registered by lib/startup.ts once
// the database is open, whose answer is at most a second old. While draining on SIGTERM,
// readiness answers 503 so the balancer stops sending new requests. Until the database is open
// the requests fall through to the app's route handlers (app/api/health/*), which answer alike.
const healthHeaders = {
  "Content-Type": "application/json",
  "Cache-Control": "no-store",
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Strict-Transport-Security": "max-age=63072000; includeSubDomains",
  "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
};
const healthPaths = new Set(["/api/health", "/api/health/live", "/api/health/ready"]);

function answerHealth(req, res, stopping) {
  const ready = globalThis.__dialflowReady;
  if (!ready || (req.method !== "GET" && req.method !== "HEAD")) return false;
  const path = req.url.split("?")[0];
  if (!healthPaths.has(path)) return false;
  const send = (ok) => {
    const body = JSON.stringify({ status: ok ? "ok" : "unavailable" });
    res.writeHead(ok ? 200 : 503, { ...healthHeaders, "Content-Length": Buffer.byteLength(body) });
    res.end(req.method === "HEAD" ? undefined : body);
  };
  if (path === "/api/health/live") send(true);
  else if (stopping) send(false);
  else ready().then(send, () => send(false));
  return true;
}

/**
 * A redirect never carries a body: when a page (the /app layout for a revoked session) redirects
 * after rendering has begun, whatever it rendered is dropped instead of being sent.
 */
function withoutRedirectBody(res) {
  const isRedirect = () => res.statusCode >= 300 && res.statusCode < 400;
  const { writeHead, write, end } = res;
  res.writeHead = function (status, ...rest) {
    if (status >= 300 && status < 400) {
      res.removeHeader("Content-Length");
      res.removeHeader("Transfer-Encoding");
      const headers = rest.find((r) => r && typeof r === "object");
      if (headers && !Array.isArray(headers)) {
        for (const key of Object.keys(headers)) {
          if (/^(content-length|transfer-encoding)$/i.test(key)) delete headers[key];
        }
      }
      res.setHeader("Content-Length", "0");
    }
    return writeHead.call(this, status, ...rest);
  };
  res.write = function (chunk, encoding, callback) {
    if (!isRedirect()) return write.call(this, chunk, encoding, callback);
    if (!res.headersSent) {
      res.removeHeader("Transfer-Encoding");
      res.setHeader("Content-Length", "0");
    }
    const cb = typeof encoding === "function" ? encoding : callback;
    if (typeof cb === "function") process.nextTick(cb);
    return true;
  };
  res.end = function (chunk, encoding, callback) {
    if (!isRedirect()) return end.call(this, chunk, encoding, callback);
    if (!res.headersSent) {
      res.removeHeader("Transfer-Encoding");
      res.setHeader("Content-Length", "0");
    }
    const cb = [chunk, encoding, callback].find((a) => typeof a === "function");
    return end.call(this, cb);
  };
}

/**
 * The configuration the build resolved (`required-server-files.json`), handed to Next the way
 * its own standalone server does, so that `next.config.ts` is not loaded again at run time:
 * loading it transpiles the file with SWC and runs next-intl's build plugin, which keep two
 * native compilers (~40 MB) in the server's memory for nothing. `.env` files are loaded here,
 * as Next would have done with the config.
 */
function loadBuiltConfig(dir) {
  const distDir = process.env.NEXT_DIST_DIR || ".next";
  const file = path.join(dir, distDir, "required-server-files.json");
  if (!fs.existsSync(file)) return;
  nextEnv.loadEnvConfig(dir, false, { info: () => {}, error: console.error });
  const { config } = JSON.parse(fs.readFileSync(file, "utf8"));
  // Where this build is served from now, as next.config.ts would say at run time (a build made
  // into a staging directory and then moved records the staging name).
  config.distDir = distDir;
  process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(config);
}

export async function serve({ port, hostname, dir }) {
  loadBuiltConfig(dir);
  // Next builds the proxy's request URLs on "localhost" and compares a rewrite's origin with
  // `http://<hostname>:<port>`: with HOST's 0.0.0.0 or 127.0.0.1 here the two never matched, so
  // every public page (rewritten to its prerendered locale copy) was fetched again over HTTP
  // through Next's external-rewrite proxy. The server still listens on HOST (below).
  const app = next({ dev: false, dir, hostname: "localhost", port });
  const handle = app.getRequestHandler();
  await app.prepare();
  const api = await loadApiRoutes(path.join(dir, process.env.NEXT_DIST_DIR || ".next"), {
    warn: (message) => console.warn(message),
  });
  if (api)
    console.log(`API: ${api.count} route handlers answered directly (scripts/api-routes.mjs)`);
  /** @type {http.Server} */
  let server;
  const publicPages = loadPublicPages(path.join(dir, process.env.NEXT_DIST_DIR || ".next"), () =>
    server.address(),
  );
  if (publicPages)
    console.log(
      "Public pages: answered from memory for visitors without a session (scripts/public-pages.mjs)",
    );
  let inFlight = 0;
  let drained = () => {};
  let stopping = false;
  let lastRequest = 0;
  let workSinceCollect = false;
  setInterval(() => {
    if (!workSinceCollect || inFlight > 0 || Date.now() - lastRequest < idleCollectMs) return;
    workSinceCollect = false;
    collectGarbage();
  }, idleCollectMs / 2).unref();
  server = http.createServer((req, res) => {
    // TRACE/TRACK echo requests back (cross-site tracing) and Next answers them with a 500 and
    // a stack trace on stderr: refuse them here, quietly.
    if (req.method === "TRACE" || req.method === "TRACK") {
      res.writeHead(405, { Allow: allowedMethods, ...quietHeaders });
      res.end();
      return;
    }
    if (answerHealth(req, res, stopping)) return;
    lastRequest = Date.now();
    workSinceCollect = true;
    withoutRedirectBody(res);
    varyByCookie(req, res);
    inFlight++;
    res.once("close", () => {
      inFlight--;
      if (inFlight === 0) drained();
    });
    if (stopping) res.setHeader("Connection", "close");
    req.headers[socketIpHeader] = req.socket.remoteAddress ?? "unknown";
    const route =
      api && globalThis.__dialflowReady && req.url.startsWith("/api/")
        ? api.match(req.method, req.url.split("?")[0])
        : null;
    if (route) void answerApi(req, res, route, api);
    else if (publicPages && !publicPages.isFill(req)) {
      if (!publicPages.answer(req, res, () => handle(req, res))) handle(req, res);
    } else handle(req, res);
  });
  // Slow-client protections: whole request in 30 s, headers in 10 s.
  server.requestTimeout = 30_000;
  server.headersTimeout = 10_000;
  await new Promise((resolve) => server.listen(port, hostname, resolve));

  const shutdown = async (signal) => {
    if (stopping) {
      // A second signal: the operator means it.
      process.exit(1);
    }
    stopping = true;
    setTimeout(() => {
      console.error(`shutdown took longer than ${hardExitMs} ms; exiting`);
      process.exit(1);
    }, hardExitMs).unref();
    console.log(`${signal}: stopping (draining ${inFlight} request(s))`);
    server.close();
    server.closeIdleConnections();
    if (inFlight > 0) {
      await Promise.race([
        new Promise((resolve) => (drained = resolve)),
        new Promise((resolve) => setTimeout(resolve, drainMs)),
      ]);
    }
    server.closeAllConnections();
    try {
      // Registered by lib/startup.ts inside the Next server: closes the database cleanly.
      await globalThis.__dialflowShutdown?.();
    } catch (err) {
      console.error(`closing the database failed: ${err instanceof Error ? err.message : err}`);
      process.exit(1);
    }
    process.exit(0);
  };
  for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => void shutdown(signal));
  return { server, shutdown };
}
