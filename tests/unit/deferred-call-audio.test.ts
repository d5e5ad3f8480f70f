// The call's audio parts load after first paint (modules/dialer/lib/deferred-call-audio.ts): a
// call that starts before they arrive must reach them as if they had been there, in order, and
// a failed load must not cost the next call its recording.
import { describe, expect, it, vi } from "vitest";
import type { CallAudio } from "@/modules/dialer/lib/call-audio";
import { deferCallAudio, type CreateCallAudio } from "@/modules/dialer/lib/deferred-call-audio";
import type { TransportEvent } from "@/modules/dialer/lib/transport";
import type { CallRecord } from "@/modules/dialer/lib/types";

function fakeLine() {
  const listeners = new Set<(e: TransportEvent) => void>();
  return {
    emit: (e: TransportEvent) => listeners.forEach((l) => l(e)),
    transport: {
      subscribe(l: (e: TransportEvent) => void) {
        listeners.add(l);
        return () => listeners.delete(l);
      },
    },
  };
}

const call = (id: string) => ({ id }) as CallRecord;

/** Parts that write down what they hear, and a loader the test resolves when it likes. */
function fakeParts() {
  const seen: string[] = [];
  const dispose = vi.fn();
  let resolve: (audio: CallAudio) => void = () => undefined;
  let reject: (error: Error) => void = () => undefined;
  // Like the real parts, they subscribe once their code has arrived.
  const create = vi.fn<CreateCallAudio>((transport) =>
    new Promise<void>((res, rej) => {
      resolve = () => res();
      reject = rej;
    }).then(() => {
      transport.subscribe((e) => seen.push(e.type));
      return parts;
    }),
  );
  const parts = {
    onCall: (record: CallRecord, phase: string) => seen.push(`${phase} ${record.id}`),
    dispose,
  } as unknown as CallAudio;
  return {
    seen,
    create,
    dispose,
    arrive: async () => {
      resolve(parts);
      await new Promise((r) => setTimeout(r, 0));
    },
    fail: async () => {
      reject(new Error("chunk failed"));
      await new Promise((r) => setTimeout(r, 0));
    },
  };
}

describe("deferCallAudio", () => {
  it("replays a call that started before the parts arrived, in order, then forwards", async () => {
    const line = fakeLine();
    const parts = fakeParts();
    const deferred = deferCallAudio(line.transport);
    const changed = vi.fn();
    deferred.subscribe(changed);
    deferred.load(parts.create);
    deferred.onCall(call("a"), "started");
    line.emit({ type: "ringing" });
    line.emit({ type: "connected" });
    line.emit({ type: "quality", reading: {} as never });
    expect(deferred.current()).toBeNull();
    expect(parts.seen).toEqual([]);

    await parts.arrive();
    expect(deferred.current()).not.toBeNull();
    expect(changed).toHaveBeenCalledTimes(1);
    // Only what the parts act on is kept: the call, its connection (not ringing or quality).
    expect(parts.seen).toEqual(["started a", "connected"]);

    line.emit({ type: "sending", source: "replacement" });
    deferred.onCall(call("a"), "ended");
    line.emit({ type: "ended", reason: "local" });
    expect(parts.seen).toEqual(["started a", "connected", "sending", "ended a", "ended"]);
    expect(parts.create).toHaveBeenCalledTimes(1);
  });

  it("tries again when the next call starts after a failed load, with that call only", async () => {
    const line = fakeLine();
    const parts = fakeParts();
    const deferred = deferCallAudio(line.transport);
    deferred.load(parts.create);
    deferred.onCall(call("a"), "started");
    await parts.fail();
    line.emit({ type: "connected" });
    deferred.onCall(call("a"), "ended");
    line.emit({ type: "ended", reason: "remote" });
    expect(parts.create).toHaveBeenCalledTimes(1);

    deferred.onCall(call("b"), "started");
    expect(parts.create).toHaveBeenCalledTimes(2);
    line.emit({ type: "connected" });
    await parts.arrive();
    expect(parts.seen).toEqual(["started b", "connected"]);
  });

  it("disposes parts that arrive after the dialer has gone", async () => {
    const line = fakeLine();
    const parts = fakeParts();
    const deferred = deferCallAudio(line.transport);
    deferred.load(parts.create);
    deferred.dispose();
    await parts.arrive();
    expect(deferred.current()).toBeNull();
    expect(parts.dispose).toHaveBeenCalledTimes(1);
  });
});
