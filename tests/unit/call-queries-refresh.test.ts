import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { afterEach, describe, expect, it } from "vitest";
import { refreshCallQueries } from "@/modules/calls/client/refresh";

// The Call Log opened while queued calls were being sent missed them until a reload,
// because the refresh asked for after each sent call joined the list's first load in flight.

/** A server whose answer is whatever calls it holds when the request arrives. */
function listServer() {
  const calls: string[] = [];
  const pending: Array<() => void> = [];
  let requests = 0;
  return {
    calls,
    get requests() {
      return requests;
    },
    /** Answers the oldest request still waiting. */
    answerNext: () => pending.shift()?.(),
    fetch: () => {
      requests += 1;
      const snapshot = [...calls];
      return new Promise<string[]>((resolve) => pending.push(() => resolve(snapshot)));
    },
  };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

/** A screen showing the list: an active query, as the Call Log's is. */
function watch(client: QueryClient, queryFn: () => Promise<string[]>) {
  const observer = new QueryObserver(client, { queryKey: ["calls", "log"], queryFn });
  const stop = observer.subscribe(() => {});
  return { observer, stop };
}

describe("refreshCallQueries", () => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  afterEach(() => client.clear());

  it("asks again after a first load that began before the server had the call", async () => {
    const server = listServer();
    const screen = watch(client, server.fetch);
    await settle();
    expect(server.requests).toBe(1);
    // The call reaches the server while the list's first request is out.
    server.calls.push("call-1");
    refreshCallQueries(client);
    server.answerNext();
    await settle();
    expect(server.requests).toBe(2);
    server.answerNext();
    await settle();
    expect(screen.observer.getCurrentResult().data).toEqual(["call-1"]);
    screen.stop();
  });

  it("refreshes a list that already has data, and leaves other queries alone", async () => {
    const server = listServer();
    const screen = watch(client, server.fetch);
    await settle();
    server.answerNext();
    await settle();
    expect(screen.observer.getCurrentResult().data).toEqual([]);
    client.setQueryData(["places", "x"], "untouched");
    server.calls.push("call-2");
    refreshCallQueries(client);
    await settle();
    server.answerNext();
    await settle();
    expect(client.getQueryData(["calls", "log"])).toEqual(["call-2"]);
    expect(client.getQueryState(["places", "x"])?.isInvalidated).toBe(false);
    expect(server.requests).toBe(2);
    screen.stop();
  });
});
