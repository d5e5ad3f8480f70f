// Serves the production build. A small wrapper around Next's request handler so that the
// app learns the TCP peer address (Next only fills X-Forwarded-For when a client did not),
// which the login throttle needs to tell clients apart without trusting client headers.
// It also owns shutdown: on SIGTERM or SIGINT it stops accepting connections, lets in-flight
// requests finish (up to 8 s), closes the database cleanly and exits, always within 9.5 s.
import http from "node:http";
import next from "next";

const socketIpHeader = "x-dialflow-socket-ip";
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

export async function serve({ port, hostname, dir }) {
  const app = next({ dev: false, dir, hostname, port });
  const handle = app.getRequestHandler();
  await app.prepare();
  let inFlight = 0;
  let drained = () => {};
  let stopping = false;
  const server = http.createServer((req, res) => {
    // TRACE/TRACK echo requests back (cross-site tracing) and Next answers them with a 500 and
    // a stack trace on stderr: refuse them here, quietly.
    if (req.method === "TRACE" || req.method === "TRACK") {
      res.writeHead(405, { Allow: allowedMethods, ...quietHeaders });
      res.end();
      return;
    }
    withoutRedirectBody(res);
    inFlight++;
    res.once("close", () => {
      inFlight--;
      if (inFlight === 0) drained();
    });
    if (stopping) res.setHeader("Connection", "close");
    req.headers[socketIpHeader] = req.socket.remoteAddress ?? "unknown";
    handle(req, res);
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
