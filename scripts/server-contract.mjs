// The contract between scripts/serve.mjs (the thin wrapper around Next's server that `npm start`
// and the container run) and the app inside it. Both sides may load their own copy of this
// module (Node loads it for the wrapper, Next bundles it into the app), so the state lives on
// globalThis under registered symbols. Under `next start`, `next dev` or a platform's functions
// no wrapper runs: nothing is claimed, and the app behaves as that shape requires.

const owned = Symbol.for("dialflow.socketPeerHeaderOwned");
const draining = Symbol.for("dialflow.draining");
const shutdownHooks = Symbol.for("dialflow.shutdownHooks");

/**
 * The wrapper writes the TCP peer's address into this request header, replacing whatever a
 * client sent. It is believed only in a process the wrapper claimed (lib/api/client-ip.ts).
 */
export const socketPeerHeader = "x-dialflow-socket-ip";

/** Called once by the wrapper before it serves a request. */
export function claimSocketPeerHeader() {
  globalThis[owned] = true;
}

/** True only in a process whose requests all pass through the wrapper. */
export function socketPeerHeaderOwned() {
  return globalThis[owned] === true;
}

/** The wrapper stops taking new work: readiness answers 503 so a balancer stops sending any. */
export function markDraining() {
  globalThis[draining] = true;
}

export function isDraining() {
  return globalThis[draining] === true;
}

/** Work to run once in-flight requests are done at shutdown (the app: close the database). */
export function onShutdown(hook) {
  (globalThis[shutdownHooks] ??= []).push(hook);
}

/** Runs the registered shutdown hooks in order; the wrapper calls it after draining. */
export async function runShutdownHooks() {
  for (const hook of globalThis[shutdownHooks] ?? []) await hook();
}
