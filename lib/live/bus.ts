import "server-only";
import { randomUUID } from "node:crypto";
import { EventEmitter } from "node:events";
import pg from "pg";
import { getDbState } from "@/lib/db/client";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { parseTeamChange, type TeamChange } from "./changes";

// The team-change bus behind the live channel (GET /api/live). Every instance keeps its
// subscribers in memory; on PostgreSQL a change is also sent with NOTIFY on one channel and each
// instance LISTENs on a connection of its own, so a note saved through one instance reaches the
// browsers connected to every other. On the embedded database there is one server, and the bus
// stays in the process.

const CHANNEL = "dialflow_team_changes";
const RELISTEN_MS = 1_000;

type Listener = (change: TeamChange) => void;
type Bus = {
  instance: string;
  emitter: EventEmitter;
  listening: boolean;
  client: pg.Client | null;
};

const holder = globalThis as unknown as { __liveBus?: Bus };

function bus(): Bus {
  if (!holder.__liveBus) {
    const emitter = new EventEmitter();
    // One listener per open stream: hundreds are normal, not a leak.
    emitter.setMaxListeners(0);
    holder.__liveBus = { instance: randomUUID(), emitter, listening: false, client: null };
  }
  return holder.__liveBus;
}

/**
 * What travels between instances: a team change for the browsers' streams, and/or a member's
 * presence for the instances' own memory (lib readers register with `subscribePresence`; it never
 * reaches a browser's stream).
 */
type Wire = { org: string; from: string; change?: TeamChange; presence?: unknown };

// Org ids are UUIDs: this event name cannot be an organization's.
const PRESENCE_EVENT = "presence";

/** LISTENs on a connection of its own (a pooled one could be handed to a query mid-listen). */
function listen(b: Bus, databaseUrl: string) {
  if (b.listening) return;
  b.listening = true;
  const client = new pg.Client({ connectionString: databaseUrl });
  b.client = client;
  const retry = () => {
    if (b.client !== client) return;
    b.client = null;
    b.listening = false;
    client.removeAllListeners();
    void client.end().catch(() => undefined);
    setTimeout(() => {
      if (b.emitter.eventNames().length > 0) listen(b, databaseUrl);
    }, RELISTEN_MS).unref();
  };
  client.on("error", (error) => {
    log.warn("live: the LISTEN connection failed; listening again", { error: String(error) });
    retry();
  });
  client.on("end", retry);
  client.on("notification", (message) => {
    if (message.channel !== CHANNEL || !message.payload) return;
    let wire: Partial<Wire>;
    try {
      wire = JSON.parse(message.payload) as Partial<Wire>;
    } catch {
      return;
    }
    // This instance's own changes were delivered when they were published.
    if (typeof wire.org !== "string" || wire.from === b.instance) return;
    if (wire.presence !== undefined) b.emitter.emit(PRESENCE_EVENT, wire.org, wire.presence);
    const change = wire.change === undefined ? null : parseTeamChange(wire.change);
    if (change) b.emitter.emit(wire.org, change);
  });
  client
    .connect()
    .then(() => client.query(`LISTEN ${CHANNEL}`))
    .catch((error: unknown) => {
      log.warn("live: could not LISTEN; retrying", { error: String(error) });
      retry();
    });
}

/** Calls `listener` with each change of the organization's data until the returned function runs. */
export function subscribeTeam(organizationId: string, listener: Listener): () => void {
  const b = bus();
  b.emitter.on(organizationId, listener);
  if (env.DATABASE_URL) listen(b, env.DATABASE_URL);
  return () => {
    b.emitter.off(organizationId, listener);
  };
}

/**
 * Tells every browser of the organization that its data changed. Never throws: a change that
 * could not be announced is still saved, and the browsers' fallback refresh picks it up.
 */
export async function publishTeamChange(organizationId: string, change: TeamChange) {
  await publish(organizationId, { change });
}

/**
 * A member's presence (the live floor keeps it in each instance's memory): this instance's
 * listeners at once, the others' through NOTIFY; with `change`, the team's streams hear it too.
 * Never throws, like publishTeamChange.
 */
export async function publishPresence(
  organizationId: string,
  presence: unknown,
  change: TeamChange | null,
) {
  await publish(organizationId, { presence, ...(change ? { change } : {}) });
}

/**
 * Calls `listener` with every presence published by any instance (this one's included) until the
 * returned function runs. Holding one keeps this instance LISTENing on PostgreSQL.
 */
export function subscribePresence(
  listener: (organizationId: string, presence: unknown) => void,
): () => void {
  const b = bus();
  b.emitter.on(PRESENCE_EVENT, listener);
  if (env.DATABASE_URL) listen(b, env.DATABASE_URL);
  return () => {
    b.emitter.off(PRESENCE_EVENT, listener);
  };
}

async function publish(organizationId: string, what: { change?: TeamChange; presence?: unknown }) {
  const b = bus();
  if (what.presence !== undefined) b.emitter.emit(PRESENCE_EVENT, organizationId, what.presence);
  if (what.change) b.emitter.emit(organizationId, what.change);
  if (!env.DATABASE_URL) return;
  try {
    const { connection } = await getDbState();
    const wire: Wire = { org: organizationId, from: b.instance, ...what };
    await connection.pool?.query("SELECT pg_notify($1, $2)", [CHANNEL, JSON.stringify(wire)]);
  } catch (error) {
    log.warn("live: NOTIFY failed", { error: String(error) });
  }
}

/** How many streams this instance holds (the console's and the benchmark's figure). */
export function liveSubscriberCount() {
  const b = bus();
  return b.emitter
    .eventNames()
    .filter((name) => name !== PRESENCE_EVENT)
    .reduce((n, name) => n + b.emitter.listenerCount(name), 0);
}
