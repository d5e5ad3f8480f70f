import "server-only";
import { getDb } from "@/lib/db/client";
import { isDraining } from "@/scripts/server-contract.mjs";

// Health for load balancers and supervisors:
//   liveness  (/api/health/live): the process answers; never touches the database, so a slow
//             database never gets a live server restarted.
//   readiness (/api/health/ready, and /api/health as before): the database answered `SELECT 1`
//             within the last second. One check at a time, shared by every caller, so a flood of
//             probes costs the database at most one query a second. While scripts/serve.mjs
//             drains at shutdown it is false, so the balancer stops sending new requests.

const freshMs = 1_000;
const checkTimeoutMs = 2_000;

let last: { ok: boolean; at: number } | undefined;
let running: Promise<boolean> | undefined;

async function check() {
  let timer: NodeJS.Timeout | undefined;
  try {
    const db = await getDb();
    return await Promise.race([
      db.$queryRaw`SELECT 1`.then(() => true),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), checkTimeoutMs))),
    ]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** True when the database answered within the last second (checked again when older). */
export async function databaseReady(): Promise<boolean> {
  if (isDraining()) return false;
  if (last && Date.now() - last.at < freshMs) return last.ok;
  running ??= check().then((ok) => {
    last = { ok, at: Date.now() };
    running = undefined;
    return ok;
  });
  return running;
}

export const healthBody = { ok: { status: "ok" }, unavailable: { status: "unavailable" } } as const;
