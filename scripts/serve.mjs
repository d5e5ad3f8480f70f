// Serves the production build. A small wrapper around Next's request handler so that the
// app learns the TCP peer address (Next only fills X-Forwarded-For when a client did not),
// which the login throttle needs to tell clients apart without trusting client headers.
import http from "node:http";
import next from "next";

const socketIpHeader = "x-dialflow-socket-ip";

export async function serve({ port, hostname, dir }) {
  const app = next({ dev: false, dir, hostname, port });
  const handle = app.getRequestHandler();
  await app.prepare();
  const server = http.createServer((req, res) => {
    req.headers[socketIpHeader] = req.socket.remoteAddress ?? "unknown";
    handle(req, res);
  });
  // Slow-client protections: whole request in 30 s, headers in 10 s.
  server.requestTimeout = 30_000;
  server.headersTimeout = 10_000;
  await new Promise((resolve) => server.listen(port, hostname, resolve));
  const shutdown = () => server.close(() => process.exit(0));
  process.once("SIGTERM", shutdown);
  process.once("SIGINT", shutdown);
  return server;
}
