// Call Reports and Sales History exports: the spec's headers and range comment, only the rows in
// the range (both ends inclusive), the client's file names, streamed in batches.
import { beforeAll, describe, expect, it } from "vitest";
import { EXPORT_BATCH } from "@/modules/calls/lib/export";
import { getDb } from "@/lib/db/client";
import {
  completedCall,
  exportReport,
  newId,
  organization,
  putCall,
  putDisposition,
  repOf,
  type Rep,
} from "./calls-helpers";

let rep: Rep;
let mate: Rep;
// A day of last week (the server records calls of the last 30 days only) and the day before it.
const dayMs = 24 * 3600_000;
const day = new Date(Date.now() - 3 * dayMs).toISOString().slice(0, 10);
const dayBefore = new Date(Date.parse(day) - dayMs).toISOString().slice(0, 10);
// Calls at 08:00Z, 12:00Z and 23:59:59.500+01:00 (22:59:59.500Z) on the day, one the day before, one after.
const times = {
  before: new Date(`${dayBefore}T22:59:59.000Z`),
  morning: new Date(`${day}T08:00:00.000Z`),
  noon: new Date(`${day}T12:00:00.000Z`),
  lastSecond: new Date(`${day}T22:59:59.500Z`),
  after: new Date(`${day}T23:00:00.000Z`),
};
const ids = Object.fromEntries(Object.keys(times).map((k) => [k, newId()])) as Record<
  keyof typeof times,
  string
>;

// The morning call is to a business the team keeps an account record of.
const placeId = `ChIJexport-${newId()}`;

beforeAll(async () => {
  const org = await organization();
  [rep, mate] = await Promise.all([repOf(org.id), repOf(org.id)]);
  const db = await getDb();
  await db.account.create({
    data: {
      organizationId: org.id,
      placeId,
      name: "Sunrise Bakery",
      updatedById: rep.userId,
      updatedAt: new Date(),
    },
  });
  for (const key of Object.keys(times) as (keyof typeof times)[]) {
    const who = key === "noon" ? mate : rep;
    const body = completedCall(times[key], key === "noon" ? 125 : 30);
    const res = await putCall(who, ids[key], key === "morning" ? { ...body, placeId } : body);
    expect(res.status).toBe(201);
  }
  await putDisposition(mate, ids.noon, { disposition: "sale", saleAmount: "1250" });
  await putDisposition(rep, ids.morning, { disposition: "interested", note: "Ask for Sam" });
});

// The rep's day in Berlin (+01:00), as the calendar sends it: start of day to end of day.
const berlinDay = { from: `${day}T00:00:00.000+01:00`, to: `${day}T23:59:59.999+01:00` };

function lines(text: string) {
  return text
    .replace(/^\uFEFF/, "")
    .split("\r\n")
    .filter(Boolean);
}

describe("Call Reports export", () => {
  it("writes the range comment, the header and the calls in range, oldest first", async () => {
    const res = await exportReport(rep, "call-reports", berlinDay);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="call-reports_${day}.csv"`,
    );
    const bytes = new Uint8Array(await res.arrayBuffer());
    // The byte-order mark (Excel reads non-ASCII names right); Response.text() would drop it.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(lines(text)).toEqual([
      `# Call Reports range: ${day}T00:00:00+01:00 to ${day}T23:59:59+01:00`,
      "call_id,agent,duration_seconds,timestamp,disposition,business,note,direction,line_result,sip_status,setup_ms,average_mos,worst_mos,worst_jitter_ms,worst_loss_percent,answered_by,automatic_voicemail,abandoned",
      `${ids.morning},${rep.username},30,${times.morning.toISOString()},interested,Sunrise Bakery,Ask for Sam,outbound,,,5000,,,,,,,`,
      `${ids.noon},${mate.username},125,${times.noon.toISOString()},sale,,,outbound,,,5000,,,,,,,`,
      `${ids.lastSecond},${rep.username},30,${times.lastSecond.toISOString()},,,,outbound,,,5000,,,,,,,`,
    ]);
  });

  it("covers the whole last second when the end has no milliseconds, and names ranges as the client did", async () => {
    const res = await exportReport(rep, "call-reports", {
      from: `${dayBefore}T00:00:00+01:00`,
      to: `${day}T23:59:59+01:00`,
      withTime: "1",
    });
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="call-reports_${dayBefore}T0000_to_${day}T2359.csv"`,
    );
    const rows = lines(await res.text()).slice(2);
    expect(rows.map((r) => r.split(",")[0])).toEqual([
      ids.before,
      ids.morning,
      ids.noon,
      ids.lastSecond,
    ]);
  });

  it("writes only the header and comment for an empty range, in UTC when asked in UTC", async () => {
    const res = await exportReport(rep, "call-reports", {
      from: "2020-01-01T00:00:00Z",
      to: "2020-01-31T23:59:59.999Z",
    });
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="call-reports_2020-01-01_to_2020-01-31.csv"`,
    );
    expect(lines(await res.text())).toEqual([
      "# Call Reports range: 2020-01-01T00:00:00Z to 2020-01-31T23:59:59Z",
      "call_id,agent,duration_seconds,timestamp,disposition,business,note,direction,line_result,sip_status,setup_ms,average_mos,worst_mos,worst_jitter_ms,worst_loss_percent,answered_by,automatic_voicemail,abandoned",
    ]);
  });

  it("refuses a missing or reversed range and an unsigned request", async () => {
    expect((await exportReport(rep, "call-reports", { from: berlinDay.from })).status).toBe(400);
    expect(
      (await exportReport(rep, "call-reports", { from: berlinDay.to, to: berlinDay.from })).status,
    ).toBe(400);
    expect((await exportReport({ token: "x" }, "call-reports", berlinDay)).status).toBe(401);
  });
});

describe("Sales History export", () => {
  it("writes the sales in range with their amount", async () => {
    const res = await exportReport(rep, "sales-history", berlinDay);
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="sales-history_${day}.csv"`,
    );
    expect(lines(await res.text())).toEqual([
      `# Sales History range: ${day}T00:00:00+01:00 to ${day}T23:59:59+01:00`,
      "sale_id,agent,amount,timestamp",
      `${ids.noon},${mate.username},1250.00,${times.noon.toISOString()}`,
    ]);
  });
});

describe("what the line reported", () => {
  it("appends direction, the line's result, SIP status, setup time, quality and who answered after the rep's columns", async () => {
    const org = await organization();
    const who = await repOf(org.id);
    const at = new Date(Date.parse(`${dayBefore}T09:00:00.000Z`) - 2 * dayMs);
    const real = newId();
    const missed = newId();
    const call = completedCall(at, 42, {
      connectedAt: new Date(at.getTime() + 2345).toISOString(),
      endedAt: new Date(at.getTime() + 2345 + 42_000).toISOString(),
      endReason: "remote",
      outcome: "remote-hangup",
      sipStatus: 200,
      quality: {
        samples: 42,
        averageMos: 4.31234,
        worstMos: 3.2,
        worstJitterMs: 17.25,
        worstLossFraction: 0.0123,
      },
    });
    expect((await putCall(who, real, call)).status).toBe(201);
    const rang = new Date(at.getTime() + 60_000).toISOString();
    const inbound = {
      direction: "inbound",
      dialedDigits: "",
      startedAt: rang,
      endedAt: rang,
      endReason: "remote",
    };
    expect((await putCall(who, missed, inbound)).status).toBe(201);
    // Parallel dialing's lines: a machine left the voicemail automatically, a person abandoned.
    const machine = newId();
    const abandoned = newId();
    const lineCall = (minutes: number, detection: Record<string, unknown>) => {
      const start = new Date(at.getTime() + minutes * 60_000);
      return {
        dialedDigits: "+15125550100",
        startedAt: start.toISOString(),
        connectedAt: new Date(start.getTime() + 4_000).toISOString(),
        endedAt: new Date(start.getTime() + 9_000).toISOString(),
        endReason: "local",
        detection: { cause: "max-words", atMs: 2100, overridden: false, ...detection },
      };
    };
    const machineCall = lineCall(2, { verdict: "machine", automaticVoicemail: true });
    const abandonedCall = {
      ...lineCall(3, { verdict: "human", cause: "human", automaticVoicemail: false }),
      abandoned: true,
    };
    expect((await putCall(who, machine, machineCall)).status).toBe(201);
    expect((await putCall(who, abandoned, abandonedCall)).status).toBe(201);
    const day = at.toISOString().slice(0, 10);
    const res = await exportReport(who, "call-reports", {
      from: `${day}T00:00:00Z`,
      to: `${day}T23:59:59.999Z`,
    });
    expect(lines(await res.text()).slice(1)).toEqual([
      "call_id,agent,duration_seconds,timestamp,disposition,business,note,direction,line_result,sip_status,setup_ms,average_mos,worst_mos,worst_jitter_ms,worst_loss_percent,answered_by,automatic_voicemail,abandoned",
      `${real},${who.username},42,${at.toISOString()},,,,outbound,remote-hangup,200,2345,4.31,3.2,17.3,1.2,,,`,
      `${missed},${who.username},0,${rang},,,,inbound,,,,,,,,,,`,
      `${machine},${who.username},5,${machineCall.startedAt},,,,outbound,,,4000,,,,,machine,true,`,
      `${abandoned},${who.username},5,${abandonedCall.startedAt},,,,outbound,,,4000,,,,,human,false,true`,
    ]);
  });
});

describe("streaming", () => {
  it("reads the table in batches as the reader pulls, and every row arrives once", async () => {
    const org = await organization();
    const bulk = await repOf(org.id);
    const db = await getDb();
    const start = Date.parse("2026-10-01T00:00:00Z");
    const total = EXPORT_BATCH * 2 + 7;
    // Many share a start time so that the keyset's id tie-break is exercised across batches.
    await db.call.createMany({
      data: Array.from({ length: total }, (_, i) => ({
        id: `bulk-${String(i).padStart(5, "0")}-${bulk.userId.slice(0, 8)}`,
        organizationId: org.id,
        userId: bulk.userId,
        dialedDigits: "4155550132",
        startedAt: new Date(start + Math.floor(i / 3) * 1000),
        talkSeconds: i % 60,
      })),
    });
    const res = await exportReport(bulk, "call-reports", {
      from: "2026-10-01T00:00:00Z",
      to: "2026-10-02T00:00:00Z",
    });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = "";
    let chunks = 0;
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      chunks++;
      text += decoder.decode(value, { stream: true });
    }
    // The head, then one chunk per batch: never the whole file in one piece.
    expect(chunks).toBe(1 + 3);
    const rows = lines(text).slice(2);
    expect(rows).toHaveLength(total);
    expect(new Set(rows.map((r) => r.split(",")[0])).size).toBe(total);
  });
});
