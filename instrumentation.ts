// Runs once when the server starts, before it serves a request. Next compiles this file for
// every runtime; the import below is reached (and bundled) only for Node.js.
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { startServer } = await import("./modules/deploy/lib/instrumentation-node");
    await startServer();
  }
}
