// Runs once when the server starts, before it serves a request.
export async function register() {
  // NEXT_RUNTIME is set by Next itself; the database only opens in the Node.js runtime.
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startup } = await import("./lib/startup");
  await startup();
}
