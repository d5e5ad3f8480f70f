// Parallel dialing's abandonment rules: the team's rates over 24 hours and 30 days (machines and
// other teams not counted), recording an abandonment once (audited, refused for a call nobody or
// a machine answered), and the parallel dialer's refusal of a number abandoned within the team's
// noRedialHours.
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { abandonmentResponseSchema } from "@/modules/power-dial/lib/schemas";
import { callResponseSchema } from "@/modules/calls/lib/schemas";
import { completedCall, newId, organization, putCall, repOf, type Rep } from "./calls-helpers";
import { createAccount, loginOperator, request } from "./helpers";

const { GET: abandonmentRoute } = await import("@/app/api/dialing/abandonment/route");
const { POST: authorizeRoute } = await import("@/app/api/telephony/authorize/route");
const telephonyRoute = await import("@/app/api/admin/telephony/[organizationId]/route");

const HOUR = 3600_000;
const ago = (ms: number) => new Date(Date.now() - ms);

type Seed = {
  at: Date;
  answered?: boolean;
  abandoned?: boolean;
  machine?: "machine" | "overridden" | "automatic-voicemail";
  inbound?: boolean;
  number?: string;
};

/** A call row placed at a chosen time (older than the record route's 30-day bound allows). */
async function seed(rep: Rep, s: Seed) {
  const db = await getDb();
  const answered = s.answered ?? true;
  const connectedAt = answered ? new Date(s.at.getTime() + 8000) : null;
  const detection =
    s.machine === undefined
      ? {}
      : {
          detectionVerdict: "machine" as const,
          detectionCause: "long-greeting",
          detectionAtMs: 2000,
          detectionOverridden: s.machine === "overridden",
          automaticVoicemail: s.machine === "automatic-voicemail",
        };
  await db.call.create({
    data: {
      id: newId(),
      organizationId: rep.organizationId,
      userId: rep.userId,
      dialedDigits: s.number ?? "4155550132",
      dialedNumber: s.number ? `+1${s.number}` : "+14155550132",
      direction: s.inbound ? "inbound" : "outbound",
      startedAt: s.at,
      connectedAt,
      endedAt: new Date(s.at.getTime() + 30_000),
      endReason: "remote",
      abandonedAt: s.abandoned ? (connectedAt ?? s.at) : null,
      ...detection,
    },
  });
}

async function rates(rep: Rep) {
  const res = await abandonmentRoute(
    request("GET", "/api/dialing/abandonment", { token: rep.token }),
  );
  expect(res.status).toBe(200);
  return abandonmentResponseSchema.parse(await res.json());
}

describe("GET /api/dialing/abandonment", () => {
  it("answers the defaults and 0 % for a team that has answered nothing", async () => {
    const rep = await repOf((await organization()).id);
    await seed(rep, { at: ago(HOUR), answered: false });
    expect(await rates(rep)).toEqual({
      country: "US",
      capPercent: 3,
      noRedialHours: 24,
      minRingSeconds: 15,
      maxLines: 3,
      last24Hours: { answeredByPerson: 0, abandoned: 0, ratePercent: 0 },
      last30Days: { answeredByPerson: 0, abandoned: 0, ratePercent: 0 },
    });
  });

  it("counts calls answered by a person over 24 hours and 30 days, never machines or other teams", async () => {
    const rep = await repOf((await organization()).id);
    const teammate = await repOf(rep.organizationId);
    // The last 24 hours: 4 people (1 abandoned) and one machine the rep corrected (a person).
    await seed(rep, { at: ago(HOUR), abandoned: true });
    await seed(rep, { at: ago(2 * HOUR) });
    await seed(teammate, { at: ago(3 * HOUR) });
    await seed(rep, { at: ago(23 * HOUR) });
    await seed(rep, { at: ago(4 * HOUR), machine: "overridden" });
    // Not answered by a person: machines, the automatic voicemail, no answer, an inbound call.
    await seed(rep, { at: ago(HOUR), machine: "machine" });
    await seed(rep, { at: ago(HOUR), machine: "automatic-voicemail" });
    await seed(rep, { at: ago(HOUR), answered: false });
    await seed(rep, { at: ago(HOUR), inbound: true });
    // Between 24 hours and 30 days: 5 people, 2 abandoned.
    for (const [days, abandoned] of [
      [2, true],
      [5, false],
      [10, true],
      [20, false],
      [29, false],
    ] as const) {
      await seed(rep, { at: ago(days * 24 * HOUR), abandoned });
    }
    // Older than 30 days, and another organization's calls: not counted.
    await seed(rep, { at: ago(31 * 24 * HOUR), abandoned: true });
    const other = await repOf((await organization()).id);
    await seed(other, { at: ago(HOUR), abandoned: true });
    await seed(other, { at: ago(HOUR), abandoned: true });

    const answer = await rates(rep);
    expect(answer.last24Hours).toEqual({ answeredByPerson: 5, abandoned: 1, ratePercent: 20 });
    expect(answer.last30Days).toEqual({ answeredByPerson: 10, abandoned: 3, ratePercent: 30 });
    expect((await rates(other)).last24Hours).toEqual({
      answeredByPerson: 2,
      abandoned: 2,
      ratePercent: 100,
    });
  });
});

const audits = async (id: string) =>
  (await getDb()).auditEvent.findMany({ where: { action: "call.abandoned", target: id } });

describe("PUT /api/calls/:id with abandoned: true", () => {
  it("sets abandonedAt once, audits it once, and the Call Log reads it", async () => {
    const rep = await repOf((await organization()).id);
    const id = newId();
    const at = ago(5 * 60_000);
    const first = await putCall(rep, id, completedCall(at, 1, { abandoned: true }));
    expect(first.status).toBe(201);
    const call = callResponseSchema.parse(await first.json()).call;
    expect(call.abandonedAt).toEqual(expect.any(String));

    const again = await putCall(rep, id, completedCall(at, 1, { abandoned: true }));
    expect(again.status).toBe(200);
    expect(callResponseSchema.parse(await again.json()).call.abandonedAt).toBe(call.abandonedAt);

    const events = await audits(id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      actor: rep.username,
      outcome: "success",
      detail: { callId: id, number: "+14155550132", rep: rep.username, userId: rep.userId },
    });
    expect((await rates(rep)).last24Hours).toEqual({
      answeredByPerson: 1,
      abandoned: 1,
      ratePercent: 100,
    });
  });

  it("marks a call recorded earlier when a later PUT says so", async () => {
    const rep = await repOf((await organization()).id);
    const id = newId();
    const at = ago(60_000);
    expect((await putCall(rep, id, completedCall(at, 1))).status).toBe(201);
    const marked = await putCall(rep, id, { ...completedCall(at, 1), abandoned: true });
    expect(marked.status).toBe(200);
    expect(callResponseSchema.parse(await marked.json()).call.abandonedAt).not.toBeNull();
    expect(await audits(id)).toHaveLength(1);
  });

  it("refuses with 422 a call nobody answered, an inbound call and a machine's, writing nothing", async () => {
    const rep = await repOf((await organization()).id);
    const at = ago(60_000);
    const unanswered = newId();
    const res = await putCall(rep, unanswered, {
      dialedDigits: "4155550132",
      startedAt: at.toISOString(),
      endedAt: new Date(at.getTime() + 20_000).toISOString(),
      endReason: "local",
      abandoned: true,
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ code: "call_not_abandonable" });
    expect(await (await getDb()).call.findUnique({ where: { id: unanswered } })).toBeNull();

    const inbound = await putCall(
      rep,
      newId(),
      completedCall(at, 5, {
        direction: "inbound",
        abandoned: true,
      }),
    );
    expect(inbound.status).toBe(422);

    const machine = newId();
    const detection = {
      verdict: "machine",
      cause: "long-greeting",
      atMs: 2100,
      overridden: false,
      automaticVoicemail: true,
    } as const;
    expect((await putCall(rep, machine, completedCall(at, 5, { detection }))).status).toBe(201);
    const left = await putCall(rep, machine, { ...completedCall(at, 5), abandoned: true });
    expect(left.status).toBe(422);
    const row = await (await getDb()).call.findUniqueOrThrow({ where: { id: machine } });
    expect(row.abandonedAt).toBeNull();
    expect(await audits(machine)).toHaveLength(0);
  });
});

const operator = loginOperator(await createAccount({ admin: true }));

/** A rep of a new organization with a phone line (authorisation needs one). */
async function repWithLine() {
  const org = await organization("+15125550199");
  const res = await telephonyRoute.PUT(
    request("PUT", `/api/admin/telephony/${org.id}`, {
      token: await operator,
      body: {
        wsUrl: "wss://edge.example.com/ws",
        sipDomain: "edge.example.com",
        secret: "s".repeat(24),
      },
    }),
    { params: Promise.resolve({ organizationId: org.id }) },
  );
  expect(res.status).toBe(201);
  return repOf(org.id);
}

const placeId = `demo-${crypto.randomBytes(6).toString("hex")}`;
const authorize = (rep: Rep, dialedDigits: string, parallel?: boolean) =>
  authorizeRoute(
    request("POST", "/api/telephony/authorize", {
      token: rep.token,
      body: { dialedDigits, placeId, powerDial: { includeClosed: true, parallel } },
    }),
  );

describe("POST /api/telephony/authorize for a parallel dial", () => {
  it("refuses a number abandoned within noRedialHours, and not after, nor for a single line", async () => {
    const rep = await repWithLine();
    await seed(rep, { at: ago(23 * HOUR), abandoned: true, number: "5125550101" });
    await seed(rep, { at: ago(25 * HOUR), abandoned: true, number: "5125550102" });

    const refused = await authorize(rep, "5125550101", true);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      code: "abandoned_recently",
      number: "+15125550101",
    });
    expect((await authorize(rep, "+15125550101", true)).status).toBe(403);
    expect((await authorize(rep, "5125550102", true)).status).toBe(200);
    expect((await authorize(rep, "5125550101", false)).status).toBe(200);
    expect((await authorize(rep, "5125550101")).status).toBe(200);

    // The team's own noRedialHours decides: 48 hours reaches the older one too.
    await (
      await getDb()
    ).organization.update({
      where: { id: rep.organizationId },
      data: { noRedialHours: 48 },
    });
    expect((await authorize(rep, "5125550102", true)).status).toBe(403);
  });

  it("does not count another organization's abandonments", async () => {
    const rep = await repWithLine();
    const other = await repOf((await organization()).id);
    await seed(other, { at: ago(HOUR), abandoned: true, number: "5125550103" });
    expect((await authorize(rep, "5125550103", true)).status).toBe(200);
  });
});
