import "client-only";
import { defineKey } from "@/lib/client/storage";
import { recordsOutboxRule } from "./outbox-entry";

/**
 * Team records: item changes to businesses' notes, contacts, appointments, extra
 * phones and address overrides not yet accepted by the server, oldest first, per rep
 * (modules/records/client sends them). Listed in lib/client/storage/keys.ts; defined here, beside
 * the lazily loaded sync engine its rule belongs to. The family
 * records.sync.<place_id> (./sync-keys.ts) keeps each place's cursor, synced snapshot and meta.
 */
export const recordsOutboxKey = defineKey({
  name: "records.outbox",
  version: 1,
  area: "local",
  scope: "user",
  schema: recordsOutboxRule,
  fallback: [],
});
