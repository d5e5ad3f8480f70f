import { afterEach, describe, expect, it, vi } from "vitest";
import { GET as health } from "@/app/api/health/route";
import { GET as live } from "@/app/api/health/live/route";
import { GET as ready } from "@/app/api/health/ready/route";
import { getDb } from "@/lib/db/client";

// Liveness never touches the database; readiness (and /api/health) answers from a check that
// is at most a second old, shared by concurrent probes.
vi.mock("@/lib/db/client", () => ({ getDb: vi.fn(), closeDb: vi.fn() }));

function database(answer: () => Promise<unknown>) {
  const queryRaw = vi.fn(answer);
  vi.mocked(getDb).mockResolvedValue({ $queryRaw: queryRaw } as never);
  return queryRaw;
}

afterEach(() => {
  vi.useRealTimers();
});

describe("health probes", () => {
  it("answer 200 while the database answers, readiness from one check a second", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const queryRaw = database(async () => [{ "?column?": 1 }]);
    const answers = await Promise.all([health(), ready(), health(), ready()]);
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(await res.json()).toEqual({ status: "ok" });
    }
    expect(queryRaw).toHaveBeenCalledTimes(1);
    vi.setSystemTime(Date.now() + 500);
    expect((await ready()).status).toBe(200);
    expect(queryRaw).toHaveBeenCalledTimes(1);
    vi.setSystemTime(Date.now() + 1_000);
    expect((await ready()).status).toBe(200);
    expect(queryRaw).toHaveBeenCalledTimes(2);
  });

  it("readiness answers 503 when the database fails; liveness stays 200 without asking it", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 10_000);
    const queryRaw = database(async () => {
      throw new Error("connection refused");
    });
    const res = await ready();
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: "unavailable" });
    expect((await health()).status).toBe(503);
    const calls = queryRaw.mock.calls.length;
    const alive = live();
    expect(alive.status).toBe(200);
    expect(await alive.json()).toEqual({ status: "ok" });
    expect(queryRaw.mock.calls.length).toBe(calls);
  });
});
