// GET /api/dashboard: the team's day from its records, hand-counted: dials and talk
// time since the browser's midnight, Active from an open call, KPIs from the last 24 hours of
// sales, sales and appointments newest first, nothing from another organization.
import { beforeAll, describe, expect, it } from "vitest";
import { dashboardResponseSchema } from "@/modules/dashboard/lib/schemas";
import { getDb } from "@/lib/db/client";
import { newId, organization, repOf, type Rep } from "./calls-helpers";
import { request } from "./helpers";

const { GET } = await import("@/app/api/dashboard/route");

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);
let rep1: Rep;
let rep2: Rep;
let stranger: Rep;

async function call(
  rep: Rep,
  startedAt: Date,
  extra: {
    talk?: number;
    open?: boolean;
    disposition?: "sale" | "callback";
    sale?: string;
    placeId?: string;
  } = {},
) {
  const db = await getDb();
  await db.call.create({
    data: {
      id: newId(),
      organizationId: rep.organizationId,
      userId: rep.userId,
      dialedDigits: "4155550132",
      dialedNumber: "+14155550132",
      placeId: extra.placeId ?? null,
      startedAt,
      connectedAt: extra.talk ? new Date(startedAt.getTime() + 1000) : null,
      endedAt: extra.open ? null : new Date(startedAt.getTime() + 1000 + (extra.talk ?? 0) * 1000),
      talkSeconds: extra.open ? null : (extra.talk ?? 0),
      endReason: extra.open ? null : "local",
      disposition: extra.disposition ?? null,
      saleAmount: extra.sale ?? null,
      callbackAt: extra.disposition === "callback" ? new Date(Date.now() + 86_400_000) : null,
    },
  });
}

const get = (rep: { token: string }, qs = "") =>
  GET(request("GET", `/api/dashboard${qs}`, { token: rep.token }), { params: Promise.resolve({}) });

beforeAll(async () => {
  const [org, other] = await Promise.all([organization(), organization()]);
  rep1 = await repOf(org.id);
  rep2 = await repOf(org.id);
  stranger = await repOf(other.id);
  await call(rep1, ago(50), { talk: 60 });
  await call(rep1, ago(40), { talk: 30 });
  await call(rep1, ago(5), { open: true });
  await call(rep2, ago(120), {
    talk: 300,
    disposition: "sale",
    sale: "100.00",
    placeId: "place-named",
  });
  await call(rep2, ago(180), { talk: 45, disposition: "callback", placeId: "place-unnamed" });
  await call(rep2, ago(2 * 24 * 60), { talk: 20, disposition: "sale", sale: "999.00" });
  // A call open for three hours is a browser that went away: not Active.
  await call(rep2, ago(180), { open: true });
  await call(stranger, ago(10), {
    talk: 99,
    disposition: "sale",
    sale: "5000.00",
    placeId: "place-unnamed",
  });
  // The team's account record names its business; another team's record of a place is its own.
  const db = await getDb();
  await db.account.createMany({
    data: [
      {
        organizationId: org.id,
        placeId: "place-named",
        name: "Bright Smile Dental",
        updatedById: rep2.userId,
        updatedAt: new Date(),
      },
      {
        organizationId: other.id,
        placeId: "place-unnamed",
        name: "Their Name",
        updatedById: stranger.userId,
        updatedAt: new Date(),
      },
    ],
  });
});

describe("dashboard", () => {
  it("adds up the team's day from its records", async () => {
    const res = await get(rep1, `?since=${encodeURIComponent(ago(24 * 60 - 1).toISOString())}`);
    expect(res.status).toBe(200);
    const d = dashboardResponseSchema.parse(await res.json());
    // Most dials first, then most talk time.
    expect(d.agents).toEqual([
      { id: rep2.userId, name: rep2.username, dials: 3, talkSeconds: 345, status: "Free" },
      { id: rep1.userId, name: rep1.username, dials: 3, talkSeconds: 90, status: "Active" },
    ]);
    expect(d.kpis.revenueToday).toBe(100);
    expect(d.kpis.avgDealSize).toBe(100);
    expect(d.kpis.netIncomeEst).toBeCloseTo(38, 9);
    expect(d.kpis.mrrDerived).toBeCloseTo(55, 9);
    expect(d.events.map((e) => [e.kind, e.rep, e.amount])).toEqual([
      ["sale", rep2.username, 100],
      ["appointment", rep2.username, null],
      ["sale", rep2.username, 999],
    ]);
    expect(d.events[1]!.callbackAt).not.toBeNull();
  });

  it("names each sales event's business from the team's account record, else gives the number", async () => {
    const d = dashboardResponseSchema.parse(await (await get(rep1)).json());
    expect(d.events.map((e) => [e.business, e.number])).toEqual([
      ["Bright Smile Dental", "+14155550132"],
      [null, "+14155550132"],
      [null, "+14155550132"],
    ]);
    const theirs = dashboardResponseSchema.parse(await (await get(stranger)).json());
    expect(theirs.events.map((e) => e.business)).toEqual(["Their Name"]);
  });

  it("counts from the browser's midnight, and refuses a bad one", async () => {
    const d = dashboardResponseSchema.parse(
      await (await get(rep1, `?since=${encodeURIComponent(ago(45).toISOString())}`)).json(),
    );
    expect(d.agents.find((a) => a.id === rep1.userId)).toMatchObject({ dials: 2, talkSeconds: 30 });
    const bad = await get(rep1, "?since=yesterday");
    expect(bad.status).toBe(400);
    expect((await get({ token: "nope" })).status).toBe(401);
  });

  it("another organization sees only its own", async () => {
    const d = dashboardResponseSchema.parse(await (await get(stranger)).json());
    expect(d.agents.map((a) => a.id)).toEqual([stranger.userId]);
    expect(d.kpis.revenueToday).toBe(5000);
    expect(d.events).toHaveLength(1);
  });
});
