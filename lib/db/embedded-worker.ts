import "server-only";
import fs from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { errorMessage, log } from "@/lib/log";

// Starts the embedded database's worker thread (lib/db/embedded/worker.mjs) and talks to it.
// The worker is plain JavaScript loaded from the app's directory, so it runs the same way under
// `next start`, the CLI scripts and the tests, with no bundler or TypeScript loader involved.

export type DbWorker = {
  /** A gzipped dump of the data directory (the console's backups). */
  dumpDataDir(): Promise<Blob>;
  /** Stops serving, checkpoints and closes the database, and ends the thread. */
  close(): Promise<void>;
};

type Reply =
  | { type: "ready" }
  | { type: "failed"; error: string }
  | { type: "dump"; id: number; bytes: Uint8Array }
  | { type: "closed"; id: number }
  | { type: "error"; id: number; error: string };

function workerPath() {
  const file = path.resolve(process.cwd(), "lib/db/embedded/worker.mjs");
  if (!fs.existsSync(file)) {
    throw new Error(`The database worker ${file} is missing: start DialFlow from its directory`);
  }
  return file;
}

export async function startDbWorker(options: {
  pgdataDir: string;
  socketPath: string;
  durable: boolean;
  startParams: string[];
}): Promise<DbWorker> {
  const worker = new Worker(workerPath(), { workerData: options });
  const pending = new Map<number, { resolve(r: Reply): void; reject(e: Error): void }>();
  let nextId = 1;
  let closing = false;

  await new Promise<void>((resolve, reject) => {
    const onMessage = (reply: Reply) => {
      if (reply.type === "ready") resolve();
      else if (reply.type === "failed") reject(new Error(reply.error));
      else return;
      worker.off("message", onMessage);
      worker.off("exit", onExit);
    };
    const onExit = (code: number) =>
      reject(new Error(`the database worker exited during start (code ${code})`));
    worker.on("message", onMessage);
    worker.once("exit", onExit);
    worker.once("error", reject);
  }).catch(async (err: unknown) => {
    await worker.terminate();
    throw err;
  });

  worker.on("message", (reply: Reply) => {
    if (!("id" in reply)) return;
    const waiter = pending.get(reply.id);
    pending.delete(reply.id);
    if (reply.type === "error") waiter?.reject(new Error(reply.error));
    else waiter?.resolve(reply);
  });
  worker.on("error", (err) => log.error("database worker failed", { error: errorMessage(err) }));
  worker.on("exit", (code) => {
    for (const waiter of pending.values()) waiter.reject(new Error("the database worker exited"));
    pending.clear();
    // Without its database the server can only fail requests: exit (which drops the data
    // directory's lock), so that the supervisor restarts it.
    if (!closing) {
      log.error("the database worker stopped unexpectedly; exiting", { code });
      process.exit(1);
    }
  });

  const ask = (type: "dump" | "close") =>
    new Promise<Reply>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      worker.postMessage({ type, id });
    });

  return {
    async dumpDataDir() {
      const reply = await ask("dump");
      if (reply.type !== "dump") throw new Error("unexpected reply from the database worker");
      return new Blob([reply.bytes as Uint8Array<ArrayBuffer>]);
    },
    async close() {
      if (closing) return;
      closing = true;
      try {
        await ask("close");
      } finally {
        await worker.terminate();
      }
    },
  };
}
