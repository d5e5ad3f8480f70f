import type { CallAudio, CallAudioOptions } from "@/modules/dialer/lib/call-audio";
import type { CallPhase } from "@/modules/dialer/lib/controller";
import type { CallTransport, TransportEvent } from "@/modules/dialer/lib/transport";
import type { CallRecord } from "@/modules/dialer/lib/types";

// The call's audio parts (recording, voicemail drop: ./call-audio.ts) are not in the first load
// of every /app page. A call can start before they have arrived (a Targets row's Call button
// right after the page shows), so until then the call's events are kept, in their order, and
// handed to them as they would have seen them; from then on they hear the call directly.

type CallAudioTransport = CallAudioOptions["transport"];
export type CreateCallAudio = (transport: CallAudioTransport) => Promise<CallAudio>;

type Held =
  | { kind: "call"; record: CallRecord; phase: CallPhase }
  | { kind: "transport"; event: TransportEvent };

/** The only transport events the audio parts act on (the rest need not be kept). */
const kept = new Set<TransportEvent["type"]>(["connected", "ended", "sending"]);

export type DeferredCallAudio = {
  /** Starts loading with `create` (again, after a failure or a dispose); idempotent while it loads. */
  load(create: CreateCallAudio): void;
  /** The controller's call events (its `onCall`). */
  onCall(record: CallRecord, phase: CallPhase): void;
  /** The loaded parts, or null until they have arrived. */
  current(): CallAudio | null;
  subscribe(listener: () => void): () => void;
  dispose(): void;
};

export function deferCallAudio(
  transport: Pick<
    CallTransport,
    "subscribe" | "recordingSources" | "sendInPlaceOfMicrophone" | "setFarEndAudible"
  >,
): DeferredCallAudio {
  const transportListeners = new Set<(event: TransportEvent) => void>();
  const listeners = new Set<() => void>();
  let held: Held[] = [];
  let live: CallAudio | null = null;
  let loading = false;
  let create: CreateCallAudio | null = null;
  let disposed = false;

  // What the audio parts subscribe to: the call's events, replayed first when they load late.
  const facade: CallAudioTransport = {
    subscribe(listener) {
      transportListeners.add(listener);
      return () => transportListeners.delete(listener);
    },
    recordingSources: () => transport.recordingSources?.() ?? null,
    sendInPlaceOfMicrophone: (track) =>
      transport.sendInPlaceOfMicrophone?.(track) ?? Promise.resolve(false),
    setFarEndAudible: (audible) => transport.setFarEndAudible?.(audible),
  };
  const emit = (event: TransportEvent) => transportListeners.forEach((l) => l(event));

  transport.subscribe((event) => {
    if (live) emit(event);
    else if (kept.has(event.type)) held.push({ kind: "transport", event });
  });

  const lastEnded = () =>
    held.findLastIndex((entry) =>
      entry.kind === "call" ? entry.phase === "ended" : entry.event.type === "ended",
    );

  function arrived(audio: CallAudio) {
    loading = false;
    if (disposed || live) return audio.dispose();
    const replay = held;
    held = [];
    for (const entry of replay) {
      if (entry.kind === "call") audio.onCall(entry.record, entry.phase);
      else emit(entry.event);
    }
    live = audio;
    listeners.forEach((l) => l());
  }

  function load(next?: CreateCallAudio) {
    disposed = false;
    create = next ?? create;
    if (live || loading || !create) return;
    loading = true;
    create(facade).then(arrived, () => {
      loading = false; // tried again with the next call
    });
  }

  return {
    load,
    onCall(record, phase) {
      if (live) return live.onCall(record, phase);
      // Only the latest call matters to parts that arrive late: what ended before it is dropped.
      if (phase === "started") held = held.slice(lastEnded() + 1);
      held.push({ kind: "call", record, phase });
      if (phase === "started" && !disposed) load();
    },
    current: () => live,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      disposed = true;
      const audio = live;
      live = null;
      audio?.dispose();
      if (audio) listeners.forEach((l) => l());
    },
  };
}
