import { describe, expect, it } from "vitest";
import type { RecordingApi } from "@/modules/recordings/client/recordings";
import { createUploadQueue } from "@/modules/recordings/lib/browser/upload-queue";

// The recorder's upload queue: chunks go in order, a failed send is retried after asking the
// server what it already has (no chunk sent twice after a lost answer), a refusal the server
// will repeat does not block the rest, and finish waits for every chunk.

type Sent = { index: number; size: number };

function fakeServer() {
  const stored = new Map<number, number>();
  const sent: Sent[] = [];
  let failNext = 0;
  let loseAnswers = 0;
  const finished: { chunkCount: number; durationMs: number }[] = [];
  const api: RecordingApi = {
    start: async () => ({}),
    async putChunk(_id, index, chunk) {
      if (failNext > 0) {
        failNext--;
        throw Object.assign(new Error("network"), { status: 0 });
      }
      sent.push({ index, size: chunk.size });
      stored.set(index, chunk.size);
      if (loseAnswers > 0) {
        loseAnswers--;
        throw Object.assign(new Error("network"), { status: 0 });
      }
      return {};
    },
    storedChunks: async () => [...stored.keys()],
    async finish(_id, chunkCount, durationMs) {
      finished.push({ chunkCount, durationMs });
      return {};
    },
  };
  return {
    api,
    sent,
    stored,
    finished,
    failNext: (n: number) => (failNext = n),
    loseAnswers: (n: number) => (loseAnswers = n),
  };
}

const blob = (size: number) => new Blob([new Uint8Array(size)]);
/** Timers that run when the test says so. */
function manualTimers() {
  const due: (() => void)[] = [];
  return {
    setTimer: (fn: () => void) => {
      due.push(fn);
      return due.length;
    },
    clearTimer: () => undefined,
    runAll: () => due.splice(0).forEach((fn) => fn()),
    count: () => due.length,
  };
}
const settle = () => new Promise((r) => setTimeout(r, 0));

describe("recording upload queue", () => {
  it("sends chunks in order and closes the recording with their count", async () => {
    const server = fakeServer();
    const queue = createUploadQueue({ api: server.api, recordingId: "r" });
    queue.push(blob(10));
    queue.push(blob(20));
    queue.push(blob(0)); // MediaRecorder's empty slices are not chunks
    queue.push(blob(30));
    await queue.finish(6000);
    expect(server.sent).toEqual([
      { index: 0, size: 10 },
      { index: 1, size: 20 },
      { index: 2, size: 30 },
    ]);
    expect(server.finished).toEqual([{ chunkCount: 3, durationMs: 6000 }]);
  });

  it("retries after a network failure and resumes without sending a stored chunk twice", async () => {
    const server = fakeServer();
    const timers = manualTimers();
    const trouble: boolean[] = [];
    const queue = createUploadQueue({
      api: server.api,
      recordingId: "r",
      ...timers,
      onTrouble: (failing) => trouble.push(failing),
    });
    // Chunk 0 arrives but its answer is lost; chunk 1 then fails three times.
    server.loseAnswers(1);
    queue.push(blob(10));
    await settle();
    expect(timers.count()).toBe(1);
    server.failNext(3);
    queue.push(blob(20));
    for (let i = 0; i < 4; i++) {
      timers.runAll();
      await settle();
    }
    await settle();
    expect(server.sent.map((s) => s.index)).toEqual([0, 1]);
    expect(queue.pending()).toBe(0);
    expect(trouble).toEqual([true, false]);
    await queue.finish(1000);
    expect(server.finished).toHaveLength(1);
  });

  it("drops a chunk the server refuses for good and sends the rest", async () => {
    const server = fakeServer();
    const api: RecordingApi = {
      ...server.api,
      async putChunk(id, index, chunk) {
        if (index === 1) throw Object.assign(new Error("conflict"), { status: 409 });
        return server.api.putChunk(id, index, chunk);
      },
    };
    const queue = createUploadQueue({ api, recordingId: "r" });
    [5, 6, 7].forEach((n) => queue.push(blob(n)));
    await queue.finish(500);
    expect(server.sent.map((s) => s.index)).toEqual([0, 2]);
  });

  it("tells once when the team's storage is full, however many chunks are refused for it", async () => {
    const server = fakeServer();
    const api: RecordingApi = {
      ...server.api,
      async putChunk(id, index, chunk) {
        if (index >= 1) {
          throw Object.assign(new Error("full"), { status: 413, code: "recording_quota" });
        }
        return server.api.putChunk(id, index, chunk);
      },
    };
    const refused: string[] = [];
    const queue = createUploadQueue({ api, recordingId: "r", onRefused: (c) => refused.push(c) });
    [5, 6, 7, 8].forEach((n) => queue.push(blob(n)));
    await queue.finish(500);
    expect(server.sent.map((s) => s.index)).toEqual([0]);
    expect(refused).toEqual(["recording_quota"]);
  });
});
