// Serves the production build through Next's own request handler: every request, page or API,
// takes the same pipeline as under `next start` and on Vercel. The wrapper adds only what Next
// lacks on a long-running server:
// - the TCP peer's address, for the sign-in throttle (scripts/server-contract.mjs);
// - shutdown: on SIGTERM or SIGINT it stops accepting connections, readiness answers 503, in-flight
//   requests finish (up to 8 s), the database is closed cleanly, and the process exits, always
//   within 9.5 s;
// - TRACE/TRACK refused (Next answers them with a 500 and a stack trace on stderr);
// - memory: the build's resolved configuration (below) and the two V8 flags.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import v8 from "node:v8";
import vm from "node:vm";
import next from "next";
import {
  claimSocketPeerHeader,
  markDraining,
  runShutdownHooks,
  socketPeerHeader,
} from "./server-contract.mjs";
import { distDir } from "./dist-dir.mjs";
import { apiCsp, staticSecurityHeaders } from "./security-headers.mjs";

// WebAssembly (the embedded database, Prisma's query compiler) runs on V8's baseline compiler
// only. By default V8 also recompiles hot WASM functions with its optimizing compiler in the
// background: on a small server that costs ~40-70 MB of resident memory and CPU the requests
// need; the interactive routes are no slower without it, bulk database work ~30 % slower
// (docs/performance.md). Set before anything compiles WebAssembly.
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
const refusedHeaders = {
  "Content-Length": "0",
  "Cache-Control": "no-store",
  ...Object.fromEntries(staticSecurityHeaders.map(({ key, value }) => [key, value])),
  "Content-Security-Policy": apiCsp,
};

/**
 * Starts Next from the configuration the build resolved, as the `server.js` of Next's own
 * standalone output does: `next build` serializes it into required-server-files.json (the file
 * platforms deploy from). Without it `next()` compiles next.config.ts at start, and SWC and
 * next-intl's build plugin stay resident for nothing (the idle server's memory:
 * docs/performance.md, "Starting Next from the build's resolved configuration"). Headers, rewrites and redirects come from the build's
 * manifests either way.
 */
function startFromBuiltConfig(dir) {
  if (process.env.__NEXT_PRIVATE_STANDALONE_CONFIG) return;
  const file = path.join(dir, distDir, "required-server-files.json");
  const { config } = JSON.parse(fs.readFileSync(file, "utf8"));
  process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(config);
}

export async function serve({ port, hostname, dir }) {
  startFromBuiltConfig(dir);
  // Next builds the proxy's request URLs on "localhost" and compares a rewrite's origin with
  // `http://<hostname>:<port>`: with HOST's 0.0.0.0 or 127.0.0.1 here the two never matched, so
  // every public page (rewritten to its prerendered locale copy) was fetched again over HTTP
  // through Next's external-rewrite proxy. The server still listens on HOST (below).
  const app = next({ dev: false, dir, hostname: "localhost", port });
  const handle = app.getRequestHandler();
  await app.prepare();
  claimSocketPeerHeader();

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

  const server = http.createServer((req, res) => {
    if (req.method === "TRACE" || req.method === "TRACK") {
      res.writeHead(405, { Allow: allowedMethods, ...refusedHeaders });
      res.end();
      return;
    }
    lastRequest = Date.now();
    workSinceCollect = true;
    // The live channel's streams (GET /api/live) never finish by themselves: shutdown does not
    // wait for them; they are cut with the other connections and the browsers reconnect elsewhere.
    if (!req.url?.startsWith("/api/live")) {
      inFlight++;
      res.once("close", () => {
        inFlight--;
        if (inFlight === 0) drained();
      });
    }
    if (stopping) res.setHeader("Connection", "close");
    req.headers[socketPeerHeader] = req.socket.remoteAddress ?? "";
    void handle(req, res);
  });
  // Slow-client protections: whole request in 30 s, headers in 10 s.
  server.requestTimeout = 30_000;
  server.headersTimeout = 10_000;
  // An idle kept-alive connection stays open 65 s (Node's default: 5 s), longer than the pools of
  // clients and proxies in front keep one (load balancers commonly 60 s): closed sooner, a request
  // sent on it as it closes fails with ECONNRESET (seen from an API client that sent its next
  // request after 5 s of work in a browser).
  server.keepAliveTimeout = 65_000;
  await new Promise((resolve) => server.listen(port, hostname, resolve));

  const shutdown = async (signal) => {
    if (stopping) {
      // A second signal: the operator means it.
      process.exit(1);
    }
    stopping = true;
    markDraining();
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
      // Registered by modules/deploy/lib/startup.ts inside the app: closes the database cleanly.
      await runShutdownHooks();
    } catch (err) {
      console.error(`closing the database failed: ${err instanceof Error ? err.message : err}`);
      process.exit(1);
    }
    process.exit(0);
  };
  for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => void shutdown(signal));
  return { server, shutdown };
}
