import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { installFakeWindow } from "../support/fake-browser";
import { ApiClientError } from "@/lib/client/api-error";
import {
  readStored,
  subscribeStorageProblems,
  writeStored,
  type StorageProblem,
} from "@/lib/client/storage";
import { callOutboxKey } from "@/modules/calls/client/storage-keys";
import {
  createCallOutbox,
  enqueue,
  isTransient,
  removeEntry,
  retryDelay,
  type OutboxDeps,
} from "@/modules/calls/client/outbox";
import type { OutboxEntry } from "@/modules/calls/client/outbox-entry";

const win = installFakeWindow();
const ITEM = "calls.outbox:rep1";
const A = "0b6f4a36-3f0e-4d43-9a53-0a7c3f1e2a01";
const B = "0b6f4a36-3f0e-4d43-9a53-0a7c3f1e2a02";

let problems: StorageProblem[] = [];
subscribeStorageProblems((p) => problems.push(p));

/** A stand-in for the API: an upsert by call id, down until told otherwise. */
function fakeServer() {
  const calls = new Map<string, Record<string, unknown>>();
  const dispositions = new Map<string, Record<string, unknown>>();
  const requests: string[] = [];
  let failure: ApiClientError | null = null;
  const send = vi.fn(async (entry: OutboxEntry) => {
    await Promise.resolve();
    requests.push(`${entry.kind}:${entry.callId}`);
    if (failure) throw failure;
    if (entry.kind === "disposition" && !calls.has(entry.callId)) {
      throw new ApiClientError({ status: 404, code: "not_found", message: "Not found" });
    }
    const map = entry.kind === "call" ? calls : dispositions;
    map.set(entry.callId, { ...map.get(entry.callId), ...entry.body });
  });
  return {
    calls,
    dispositions,
    requests,
    send,
    down(status = 0) {
      failure = new ApiClientError({ status, code: status ? null : "network", message: "x" });
    },
    up() {
      failure = null;
    },
  };
}

function makeOutbox(send: OutboxDeps["send"], extra: Partial<OutboxDeps> = {}) {
  return createCallOutbox({
    read: () => readStored(callOutboxKey),
    write: (entries) => void writeStored(callOutboxKey, entries),
    send,
    ...extra,
  });
}

const settle = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
};

beforeEach(() => {
  vi.useFakeTimers();
  win.localStorage.clear();
  win.localStorage.setItem("auth.user", "rep1");
  problems = [];
});
afterEach(() => {
  vi.useRealTimers();
});

describe("pure queue rules", () => {
  const entry = (kind: "call" | "disposition", callId: string, n: number) => ({
    kind,
    callId,
    body: { n },
    queuedAt: 1,
  });

  it("replaces the queued body of the same call and kind in place, keeping the order", () => {
    let q = enqueue([], entry("call", A, 1));
    q = enqueue(q, entry("disposition", A, 2));
    q = enqueue(q, entry("call", A, 3));
    expect(q.map((e) => [e.kind, e.body.n])).toEqual([
      ["call", 3],
      ["disposition", 2],
    ]);
    expect(q[0].rev).toBeGreaterThan(q[1].rev);
  });

  it("removes only the revision that was sent", () => {
    const q1 = enqueue([], entry("call", A, 1));
    const q2 = enqueue(q1, entry("call", A, 2));
    expect(removeEntry(q2, q1[0])).toHaveLength(1);
    expect(removeEntry(q2, q2[0])).toHaveLength(0);
  });

  it("retries network failures, 5xx, 401, 408 and 429; drops other 4xx", () => {
    const err = (status: number) => new ApiClientError({ status, code: null, message: "x" });
    for (const s of [0, 401, 408, 429, 500, 502, 503]) expect(isTransient(err(s))).toBe(true);
    for (const s of [400, 403, 404, 409, 422]) expect(isTransient(err(s))).toBe(false);
    expect(isTransient(new DOMException("aborted", "AbortError"))).toBe(true);
  });

  it("backs off from 2 s, doubling to a minute", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 10].map(retryDelay)).toEqual([
      2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000,
    ]);
  });
});

describe("the outbox", () => {
  it("sends at once and leaves nothing behind when the server is up", async () => {
    const server = fakeServer();
    const outbox = makeOutbox(server.send);
    outbox.submit("call", A, { dialedDigits: "5125550100" });
    await settle();
    expect(server.requests).toEqual([`call:${A}`]);
    expect(readStored(callOutboxKey)).toEqual([]);
    expect(win.localStorage.getItem(ITEM)).toBe(JSON.stringify({ v: 1, value: [] }));
  });

  it("keeps calls made offline, retries with back-off, and saves each exactly once when back", async () => {
    const server = fakeServer();
    server.down();
    const sent: string[] = [];
    const outbox = makeOutbox(server.send, { onSent: (e) => sent.push(e.callId) });

    outbox.submit("call", A, { dialedDigits: "1", startedAt: "t0" });
    await settle();
    expect(server.requests).toEqual([`call:${A}`]);
    // Still down: the timer tries again after 2 s, then 4 s, never in a tight loop.
    await vi.advanceTimersByTimeAsync(1_999);
    expect(server.requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.requests).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(3_999);
    expect(server.requests).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.requests).toHaveLength(3);

    outbox.submit("call", A, { dialedDigits: "1", startedAt: "t0", endedAt: "t1" });
    outbox.submit("disposition", A, { disposition: "interested" });
    outbox.submit("call", B, { dialedDigits: "2", startedAt: "t2" });
    await settle();
    // Stored, in order, the later body of A in place of the first.
    const queued = JSON.parse(win.localStorage.getItem(ITEM)!).value as OutboxEntry[];
    expect(queued.map((e) => `${e.kind}:${e.callId}`)).toEqual([
      `call:${A}`,
      `disposition:${A}`,
      `call:${B}`,
    ]);
    expect(queued[0].body.endedAt).toBe("t1");
    expect(outbox.size()).toBe(3);
    // Every attempt stopped at the head: nothing behind it was tried.
    expect(server.requests.every((r) => r === `call:${A}`)).toBe(true);

    server.up();
    await outbox.flush();
    expect(outbox.size()).toBe(0);
    expect([...server.calls.keys()]).toEqual([A, B]);
    expect(server.calls.get(A)).toMatchObject({ endedAt: "t1" });
    expect(server.dispositions.get(A)).toEqual({ disposition: "interested" });
    expect(sent).toEqual([A, A, B]);

    // Nothing is left to send: further timers and flushes send nothing again.
    const total = server.requests.length;
    await vi.advanceTimersByTimeAsync(120_000);
    await outbox.flush();
    expect(server.requests.length).toBe(total);
  });

  it("a new call while waiting sends the backlog at once (the next success flushes it)", async () => {
    const server = fakeServer();
    server.down(503);
    const outbox = makeOutbox(server.send);
    outbox.submit("call", A, { dialedDigits: "1" });
    await settle();
    server.up();
    outbox.submit("call", B, { dialedDigits: "2" });
    await settle();
    expect(outbox.size()).toBe(0);
    expect([...server.calls.keys()]).toEqual([A, B]);
  });

  it("a queue left by an earlier page is sent by the next one, once", async () => {
    const server = fakeServer();
    server.down();
    const first = makeOutbox(server.send);
    first.submit("call", A, { dialedDigits: "1" });
    await settle();
    first.dispose();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.requests).toEqual([`call:${A}`]);

    server.up();
    const second = makeOutbox(server.send);
    await second.flush();
    expect(server.requests).toEqual([`call:${A}`, `call:${A}`]);
    expect(server.calls.size).toBe(1);
    expect(second.size()).toBe(0);
  });

  it("a body replaced while its request is in flight is sent again; the old one never returns", async () => {
    const server = fakeServer();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const send = vi.fn(async (entry: OutboxEntry) => {
      if (server.requests.length === 0) await gate;
      await server.send(entry);
    });
    const outbox = makeOutbox(send);
    outbox.submit("call", A, { dialedDigits: "1" });
    outbox.submit("call", A, { dialedDigits: "1", endedAt: "t1" });
    release();
    await outbox.flush();
    await settle();
    expect(send).toHaveBeenCalledTimes(2);
    expect(server.calls.get(A)).toMatchObject({ endedAt: "t1" });
    expect(outbox.size()).toBe(0);
  });

  it("drops a request the server refuses for good and goes on with the rest", async () => {
    const server = fakeServer();
    const dropped: string[] = [];
    const outbox = makeOutbox(server.send, { onDrop: (e) => dropped.push(e.kind) });
    // A disposition for a call the server does not know: 404.
    outbox.submit("disposition", B, { disposition: "sale" });
    outbox.submit("call", A, { dialedDigits: "1" });
    await outbox.flush();
    await settle();
    expect(dropped).toEqual(["disposition"]);
    expect(server.calls.has(A)).toBe(true);
    expect(outbox.size()).toBe(0);
  });

  it("a corrupt stored queue is set aside and reported, and the outbox keeps working", async () => {
    win.localStorage.setItem(ITEM, "{not json");
    const server = fakeServer();
    const outbox = makeOutbox(server.send);
    expect(outbox.size()).toBe(0);
    await settle();
    expect(problems.map((p) => p.kind)).toEqual(["corrupt"]);
    expect(win.localStorage.getItem(`${ITEM}.corrupt`)).toBe("{not json");

    // A well-formed envelope holding a bad entry is rejected by the schema the same way.
    win.localStorage.setItem(ITEM, JSON.stringify({ v: 1, value: [{ kind: "call" }] }));
    expect(outbox.size()).toBe(0);

    outbox.submit("call", A, { dialedDigits: "1" });
    await settle();
    expect(server.calls.has(A)).toBe(true);
  });

  it("keeps each rep's queue apart and reads nothing while signed out", async () => {
    const server = fakeServer();
    server.down();
    const outbox = makeOutbox(server.send);
    outbox.submit("call", A, { dialedDigits: "1" });
    await settle();
    win.localStorage.setItem("auth.user", "rep2");
    expect(outbox.size()).toBe(0);
    win.localStorage.removeItem("auth.user");
    expect(outbox.size()).toBe(0);
    win.localStorage.setItem("auth.user", "rep1");
    expect(outbox.size()).toBe(1);
  });
});

describe("a send that waits", () => {
  it("keeps the request in local storage at once and sends it after the wait", async () => {
    const server = fakeServer();
    const outbox = makeOutbox(server.send);
    outbox.submit("call", A, { dialedDigits: "5125550100" }, { sendAfterMs: 300 });
    expect(readStored(callOutboxKey)).toHaveLength(1);
    await settle();
    expect(server.requests).toEqual([]);
    vi.advanceTimersByTime(300);
    await settle();
    expect(server.requests).toEqual([`call:${A}`]);
    expect(readStored(callOutboxKey)).toEqual([]);
  });
});
