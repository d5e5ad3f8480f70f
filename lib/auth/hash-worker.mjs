// A password-hashing thread (lib/auth/password.ts starts up to one per core). argon2id takes a
// core for its whole run; here it runs synchronously on this thread, which lowers its own
// scheduling priority first, so that the thread serving requests (health probes, the database
// thread) always gets the CPU before a burst of sign-ins does, while idle cores still go to
// hashing. Plain JavaScript, loaded from the app's directory like the database worker.
// Messages: { id, op: "hash", password, options } | { id, op: "verify", hashed, password }.
// Replies: { id, result } | { id, error }.
import fs from "node:fs";
import os from "node:os";
import { parentPort, workerData } from "node:worker_threads";
import { hashSync, verifySync } from "@node-rs/argon2";

const port = /** @type {import("node:worker_threads").MessagePort} */ (parentPort);

/** @type {{ nice: number }} */
const { nice } = workerData;
try {
  // On Linux a thread id works as a process id for setpriority(2), and the niceness it sets is
  // this thread's alone. Elsewhere (no /proc/thread-self) the thread keeps the default priority.
  const tid = Number(fs.readlinkSync("/proc/thread-self").split("/").pop());
  if (Number.isInteger(tid) && nice > 0) os.setPriority(tid, nice);
} catch {
  /* no per-thread priority here: hashing still works, only without yielding the CPU */
}

port.on(
  "message",
  (
    /** @type {{ id: number; op: "hash" | "verify"; password: string; hashed?: string; options?: object }} */ msg,
  ) => {
    try {
      const result =
        msg.op === "hash"
          ? hashSync(msg.password, msg.options)
          : verifySync(/** @type {string} */ (msg.hashed), msg.password);
      port.postMessage({ id: msg.id, result });
    } catch (err) {
      port.postMessage({ id: msg.id, error: err instanceof Error ? err.message : String(err) });
    }
  },
);
