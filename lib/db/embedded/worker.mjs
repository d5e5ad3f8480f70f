// The embedded database's thread: PGlite runs here, never on the thread that serves requests,
// and serves the PostgreSQL wire protocol on the data directory's private unix socket, where the
// server's `pg` pool (the same adapter as on PostgreSQL) and the users CLI connect.
// The parent thread holds the data directory's flock (a process-wide lock, so it covers this
// thread, and the kernel drops it when the process dies, kill -9 included).
// Messages from the parent: { type: "dump" } (a gzipped data-directory dump, for backups) and
// { type: "close" } (stop serving, checkpoint and close the database).
import { parentPort, workerData } from "node:worker_threads";
import { openPglite } from "./durable-fs.mjs";
import { startSocketServer } from "./socket-server.mjs";

/** @type {{ pgdataDir: string; socketPath: string; durable: boolean; startParams: string[] }} */
const { pgdataDir, socketPath, durable, startParams } = workerData;
const port = /** @type {import("node:worker_threads").MessagePort} */ (parentPort);

/** @param {unknown} err */
const message = (err) => (err instanceof Error ? err.message : String(err));

try {
  const db = await openPglite(pgdataDir, { durable, startParams });
  const server = await startSocketServer(db, socketPath);
  let closing = false;
  port.on("message", async (/** @type {{ type: string; id: number }} */ msg) => {
    try {
      if (msg.type === "dump") {
        const blob = await db.dumpDataDir("gzip");
        const bytes = new Uint8Array(await blob.arrayBuffer());
        port.postMessage({ type: "dump", id: msg.id, bytes }, [bytes.buffer]);
      } else if (msg.type === "close" && !closing) {
        closing = true;
        await server.close();
        await db.close();
        port.postMessage({ type: "closed", id: msg.id });
      }
    } catch (err) {
      port.postMessage({ type: "error", id: msg.id, error: message(err) });
    }
  });
  port.postMessage({ type: "ready" });
} catch (err) {
  port.postMessage({ type: "failed", error: message(err) });
}
