import "client-only";
import * as r from "@/lib/client/rules";
import { defineKey } from "@/lib/client/storage";
import { outboxSchema } from "./outbox-entry";
import { pendingOutcomeSchema } from "./pending-entry";

// What the calls feature keeps in browser storage (every key's name is listed in
// lib/client/storage/keys.ts): data, which Clear Preferences keeps.

/**
 * Call requests (records and dispositions) not yet accepted by the server, oldest first, per
 * rep (./outbox.ts sends them). Local, so a call made offline survives a reload.
 */
export const callOutboxKey = defineKey({
  name: "calls.outbox",
  version: 1,
  area: "local",
  scope: "user",
  schema: outboxSchema,
  fallback: [],
});

/** The ended call still waiting for its outcome, for this tab: a reload asks again. */
export const pendingOutcomeKey = defineKey({
  name: "calls.pendingOutcome",
  version: 1,
  area: "session",
  scope: "user",
  schema: r.nullable(pendingOutcomeSchema),
  fallback: null,
});
