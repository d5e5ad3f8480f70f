import "client-only";
import { apiClient } from "@/lib/client/api-client";
import { unknownValue } from "@/lib/client/rules";
import { readStored, writeStored } from "@/lib/client/storage";
import { callOutboxKey } from "@/modules/calls/client/storage-keys";
import { createCallOutbox, type CallOutbox } from "./outbox";
import type { OutboxEntry } from "./outbox-entry";

// The outbox wired to the browser: the rep's queue in local storage and the API client.
// Any 2xx answer means the server has the record (the body is not needed here).

function send(entry: OutboxEntry, signal?: AbortSignal): Promise<void> {
  const id = encodeURIComponent(entry.callId);
  const url = entry.kind === "call" ? `/api/calls/${id}` : `/api/calls/${id}/disposition`;
  return apiClient
    .put(url, entry.body, { schema: unknownValue, credential: "rep", signal })
    .then(() => undefined);
}

export function createBrowserCallOutbox(options: {
  onSent?: (entry: OutboxEntry) => void;
}): CallOutbox & { start(): () => void } {
  const outbox = createCallOutbox({
    read: () => readStored(callOutboxKey),
    write: (entries) => void writeStored(callOutboxKey, entries),
    send: (entry) => send(entry),
    onSent: options.onSent,
    onDrop: (entry, error) =>
      console.warn(`Call ${entry.kind} for ${entry.callId} refused by the server; dropped`, error),
  });
  return {
    ...outbox,
    /**
     * Sends what an earlier page left, and again whenever the browser is back online; the
     * returned function stops it (retry timer included).
     */
    start() {
      outbox.resume();
      const online = () => void outbox.flush();
      window.addEventListener("online", online);
      void outbox.flush();
      return () => {
        window.removeEventListener("online", online);
        outbox.dispose();
      };
    },
  };
}
