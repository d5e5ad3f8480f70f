// A call's times must be plausible for a call made through the dialer: started at most 30 days
// ago and at most 5 minutes ahead of the server's clock, and at most 24 hours long. A start in
// 1958 completed today made talkSeconds overflow its int column: a 500 on every retry, and a
// call that could never be completed. Each refusal is a 400 validation error with field errors,
// which the browser's outbox takes as final (it drops the entry instead of retrying it).
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { completedCall, newId, organization, putCall, repOf, type Rep } from "./calls-helpers";

let rep: Rep;
beforeAll(async () => {
  const org = await organization("+1 628 555 0100");
  rep = await repOf(org.id);
});

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(Date.now() - ms);
const iso = (d: Date) => d.toISOString();

async function expectRefused(res: Response, field: string, message: RegExp) {
  expect(res.status).toBe(400);
  const body = (await res.json()) as {
    code: string;
    error: string;
    fields: Record<string, string>;
  };
  expect(body.code).toBe("validation");
  expect(body.fields[field]).toMatch(message);
  expect(body.error).toMatch(message);
}

async function rowOf(id: string) {
  return (await getDb()).call.findUnique({ where: { id } });
}

describe("when a call started", () => {
  it("refuses a call started in 1958 and records nothing", async () => {
    const id = newId();
    const start = { dialedDigits: "4155550132", startedAt: "1958-03-01T10:00:00.000Z" };
    await expectRefused(await putCall(rep, id, start), "startedAt", /30 days/);
    // The completion the browser would send next is a 400 too, never a 500 (the schema already
    // finds it decades long).
    const done = { ...start, connectedAt: "1958-03-01T10:00:05.000Z" };
    await expectRefused(
      await putCall(rep, id, { ...done, endedAt: iso(new Date()), endReason: "local" }),
      "endedAt",
      /24 hours/,
    );
    expect(await rowOf(id)).toBeNull();
  });

  it("refuses a start more than 30 days ago and accepts one just inside", async () => {
    await expectRefused(
      await putCall(rep, newId(), {
        dialedDigits: "4155550132",
        startedAt: iso(ago(30 * DAY + MIN)),
      }),
      "startedAt",
      /30 days/,
    );
    const res = await putCall(rep, newId(), completedCall(ago(30 * DAY - HOUR), 120));
    expect(res.status).toBe(201);
  });

  it("refuses a start more than 5 minutes ahead and accepts one just inside", async () => {
    await expectRefused(
      await putCall(rep, newId(), { dialedDigits: "4155550132", startedAt: iso(ago(-6 * MIN)) }),
      "startedAt",
      /future/,
    );
    const res = await putCall(rep, newId(), {
      dialedDigits: "4155550132",
      startedAt: iso(ago(-4 * MIN)),
    });
    expect(res.status).toBe(201);
  });
});

describe("how long a call lasted", () => {
  it("refuses a call longer than 24 hours when it is created ended", async () => {
    const id = newId();
    const at = ago(2 * DAY);
    await expectRefused(
      await putCall(rep, id, completedCall(at, 24 * 3600)),
      "endedAt",
      /24 hours/,
    );
    expect(await rowOf(id)).toBeNull();
    // Exactly 24 hours from start to end is still a call.
    const ok = await putCall(rep, newId(), {
      dialedDigits: "4155550132",
      startedAt: iso(at),
      endedAt: iso(new Date(at.getTime() + DAY)),
      endReason: "local",
    });
    expect(ok.status).toBe(201);
  });

  it("refuses a completion more than 24 hours after the start and leaves the call open", async () => {
    const id = newId();
    const at = ago(3 * DAY);
    const start = { dialedDigits: "3125550144", startedAt: iso(at) };
    expect((await putCall(rep, id, start)).status).toBe(201);
    await expectRefused(
      await putCall(rep, id, completedCall(at, 2 * 24 * 3600)),
      "endedAt",
      /24 hours/,
    );
    expect(await rowOf(id)).toMatchObject({ endedAt: null, talkSeconds: null });
    // The call can still be completed with a plausible end.
    const done = await putCall(rep, id, completedCall(at, 600));
    expect(done.status).toBe(200);
    expect(await rowOf(id)).toMatchObject({ talkSeconds: 600 });
  });

  it("measures a completion against the start the server stored, not the one sent", async () => {
    // A row recorded before these bounds existed (or by other means): started in 1958.
    const id = newId();
    const db = await getDb();
    await db.call.create({
      data: {
        id,
        organizationId: rep.organizationId,
        userId: rep.userId,
        dialedDigits: "4155550132",
        startedAt: new Date("1958-03-01T10:00:00.000Z"),
        connectedAt: new Date("1958-03-01T10:00:05.000Z"),
      },
    });
    // The body claims a recent start; completing it would still be decades of talk.
    const res = await putCall(rep, id, completedCall(ago(10 * MIN), 60));
    await expectRefused(res, "endedAt", /24 hours/);
    expect(await rowOf(id)).toMatchObject({ endedAt: null, talkSeconds: null });
  });
});

describe("the order of a call's times", () => {
  it("keeps the first start, and refuses a completion that connects or ends before it", async () => {
    const id = newId();
    const start = ago(10 * MIN);
    expect(
      (await putCall(rep, id, { dialedDigits: "4155550132", startedAt: iso(start) })).status,
    ).toBe(201);
    // A second PUT whose own times are in order, all 23 hours earlier than the stored start.
    const moved = new Date(start.getTime() - 23 * HOUR);
    await expectRefused(
      await putCall(rep, id, {
        dialedDigits: "4155550132",
        startedAt: iso(moved),
        connectedAt: iso(new Date(moved.getTime() + 1000)),
        endedAt: iso(ago(MIN)),
        endReason: "local",
      }),
      "connectedAt",
      /before the call started/,
    );
    const kept = await rowOf(id);
    expect(kept).toMatchObject({ startedAt: start, connectedAt: null, endedAt: null });
    expect(kept?.talkSeconds).toBeNull();

    // An end before the stored start is refused too; a completion in order is kept.
    await expectRefused(
      await putCall(rep, id, {
        dialedDigits: "4155550132",
        startedAt: iso(moved),
        endedAt: iso(new Date(start.getTime() - MIN)),
        endReason: "failed",
      }),
      "endedAt",
      /before the call started/,
    );
    const done = await putCall(rep, id, {
      dialedDigits: "4155550132",
      startedAt: iso(moved),
      connectedAt: iso(new Date(start.getTime() + 5000)),
      endedAt: iso(new Date(start.getTime() + 65_000)),
      endReason: "local",
    });
    expect(done.status).toBe(200);
    expect(await rowOf(id)).toMatchObject({ startedAt: start, talkSeconds: 60 });
  });

  it("refuses an end before the stored connection", async () => {
    const id = newId();
    const start = ago(10 * MIN);
    const connected = new Date(start.getTime() + 10_000);
    await putCall(rep, id, {
      dialedDigits: "4155550132",
      startedAt: iso(start),
      connectedAt: iso(connected),
    });
    await expectRefused(
      await putCall(rep, id, {
        dialedDigits: "4155550132",
        startedAt: iso(start),
        endedAt: iso(new Date(start.getTime() + 5000)),
        endReason: "local",
      }),
      "endedAt",
      /before the call connected/,
    );
    expect(await rowOf(id)).toMatchObject({ connectedAt: connected, endedAt: null });
  });
});
