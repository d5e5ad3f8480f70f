// Call monitoring's server: a manager starts a session on a rep's live call (POST
// /api/floor/monitor), the rep's browser finds it (GET .../requests) and answers it (PUT
// .../{id}/answer), the manager changes its mode or takes the call over (PATCH), either side ends
// it (DELETE). Sessions are checked against the rep's presence, expire unanswered after 30 s, are
// audited, mark the call as monitored, and carry a token the rep's browser verifies with the
// server's public key.
import crypto from "node:crypto";
import { SignJWT, generateKeyPair } from "jose";
import type { NextRequest } from "next/server";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/lib/db/client";
import { subscribeTeam } from "@/lib/live/bus";
import { parseTeamChange, type TeamChange } from "@/lib/live/changes";
import type { CallListResponse } from "@/modules/calls/lib/schemas";
import { MONITOR_ANSWER_WAIT_MS } from "@/modules/floor/lib/limits";
import type { MonitorKeyResponse, MonitorSessionDto } from "@/modules/floor/lib/monitor-schemas";
import { verifyMonitorToken } from "@/modules/floor/lib/monitor-token";
import { currentPresence } from "@/modules/floor/lib/presence-store";
import type { FloorResponse } from "@/modules/floor/lib/schemas";
import { lineSettingsBodySchema } from "@/modules/telephony/lib/schemas";
import { listCalls, newId, organization, putCall, repOf, type Rep } from "./calls-helpers";
import { request } from "./helpers";

const monitorRoute = await import("@/app/api/floor/monitor/route");
const keyRoute = await import("@/app/api/floor/monitor/key/route");
const requestsRoute = await import("@/app/api/floor/monitor/requests/route");
const oneRoute = await import("@/app/api/floor/monitor/[id]/route");
const answerRoute = await import("@/app/api/floor/monitor/[id]/answer/route");
const floorRoute = await import("@/app/api/floor/route");
const presenceRoute = await import("@/app/api/floor/presence/route");
const rulesRoute = await import("@/app/api/team/dialing-rules/route");
const { saveLine } = await import("@/modules/telephony/lib/lines");

type Route = (
  req: NextRequest,
  ctx: { params: Promise<Record<string, string>> },
) => Promise<Response>;
const call = (
  route: unknown,
  method: string,
  path: string,
  who?: Rep,
  body?: unknown,
  params = {},
) =>
  (route as Route)(request(method, path, { token: who?.token, body }), {
    params: Promise.resolve(params),
  });

const OFFER = "v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\ns=monitor offer\r\n";
const ANSWER = "v=0\r\no=- 3 4 IN IP4 127.0.0.1\r\ns=monitor answer\r\n";

const report = (who: Rep, body: unknown) =>
  call(presenceRoute.PUT, "PUT", "/api/floor/presence", who, body);
const inCall = async (who: Rep, callId: string) =>
  expect((await report(who, { state: "in-call", callId })).status).toBe(200);
const start = (who: Rep, body: unknown) =>
  call(monitorRoute.POST, "POST", "/api/floor/monitor", who, body);
const requestsOf = (who: Rep) => call(requestsRoute.GET, "GET", "/api/floor/monitor/requests", who);
const getOne = (who: Rep, id: string) =>
  call(oneRoute.GET, "GET", `/api/floor/monitor/${id}`, who, undefined, { id });
const answer = (who: Rep, id: string, body: unknown = { answer: ANSWER }) =>
  call(answerRoute.PUT, "PUT", `/api/floor/monitor/${id}/answer`, who, body, { id });
const patch = (who: Rep, id: string, body: unknown) =>
  call(oneRoute.PATCH, "PATCH", `/api/floor/monitor/${id}`, who, body, { id });
const end = (who: Rep, id: string) =>
  call(oneRoute.DELETE, "DELETE", `/api/floor/monitor/${id}`, who, undefined, { id });
const key = (who: Rep) => call(keyRoute.GET, "GET", "/api/floor/monitor/key", who);

const sessionOf = async (res: Response) =>
  ((await res.json()) as { session: MonitorSessionDto }).session;

async function started(who: Rep, repId: string, mode = "listen") {
  const res = await start(who, { repId, mode, offer: OFFER });
  expect(res.status).toBe(201);
  return sessionOf(res);
}

async function audits(action: string, sessionId: string) {
  const db = await getDb();
  const rows = await db.auditEvent.findMany({ where: { action }, orderBy: { id: "asc" } });
  return rows.filter((r) => (r.detail as { sessionId?: string } | null)?.sessionId === sessionId);
}

async function floorRep(who: Rep, of: Rep) {
  const res = await call(floorRoute.GET, "GET", "/api/floor", who);
  expect(res.status).toBe(200);
  return ((await res.json()) as FloorResponse).reps.find((r) => r.id === of.userId)!;
}

async function publicKey(who: Rep) {
  return ((await (await key(who)).json()) as MonitorKeyResponse).jwk;
}

const rules = { country: "US", capPercent: 3, noRedialHours: 24, minRingSeconds: 15 };

let manager: Rep;
let manager2: Rep;
let rep: Rep;
let rep2: Rep;
let stranger: Rep;
beforeAll(async () => {
  const [org, other] = await Promise.all([organization(), organization()]);
  [manager, manager2, rep, rep2, stranger] = await Promise.all([
    repOf(org.id, "manager"),
    repOf(org.id, "manager"),
    repOf(org.id),
    repOf(org.id),
    repOf(other.id, "manager"),
  ]);
  // The team's line: a STUN server, and a TURN server whose credentials each member's are.
  await saveLine(
    org.id,
    "test",
    lineSettingsBodySchema.parse({
      wsUrl: "wss://edge.example.com/ws",
      sipDomain: "edge.example.com",
      secret: `secret-${crypto.randomBytes(16).toString("hex")}`,
      iceServers: [{ urls: "stun:stun.example.com:3478" }, { urls: "turn:turn.example.com:3478" }],
    }),
  );
});
afterEach(() => vi.useRealTimers());

describe("who may monitor", () => {
  it("keeps it to managers of the rep's own team, never on themselves", async () => {
    const callId = newId();
    await inCall(rep, callId);
    const body = { repId: rep.userId, mode: "listen", offer: OFFER };

    const byRep = await start(rep2, body);
    expect(byRep.status).toBe(403);
    expect(await byRep.json()).toMatchObject({ code: "role_forbidden" });
    expect((await start(undefined as unknown as Rep, body)).status).toBe(401);

    // Another organization's manager learns nothing: the same 404 as for no member at all.
    const foreign = await start(stranger, body);
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toMatchObject({ code: "rep_not_found" });
    const nobody = await start(manager, { ...body, repId: newId() });
    expect(await nobody.json()).toMatchObject({ code: "rep_not_found" });

    await inCall(manager, newId());
    const self = await start(manager, { ...body, repId: manager.userId });
    expect(self.status).toBe(404);
    expect(await self.json()).toMatchObject({ code: "rep_not_found" });
    expect((await report(manager, { state: "ready" })).status).toBe(200);

    // Strict bodies.
    for (const bad of [
      { ...body, mode: "takeover" },
      { ...body, offer: "" },
      { ...body, offer: "x".repeat(20_001) },
      { ...body, repId: "not-a-uuid" },
      { ...body, extra: true },
      { repId: rep.userId, mode: "listen" },
    ])
      expect((await start(manager, bad)).status, JSON.stringify(bad).slice(0, 80)).toBe(400);
    const db = await getDb();
    expect(await db.monitorSession.count({ where: { callId } })).toBe(0);
  });

  it("answers 409 rep_not_in_call unless the rep's presence names a call in progress", async () => {
    const body = { repId: rep2.userId, mode: "listen", offer: OFFER };
    for (const presence of [
      { state: "ready" },
      { state: "ringing", callId: newId() },
      { state: "in-call" },
      { state: "wrapping-up", callId: newId() },
    ]) {
      expect((await report(rep2, presence)).status).toBe(200);
      const res = await start(manager, body);
      expect(res.status, JSON.stringify(presence)).toBe(409);
      expect(await res.json()).toMatchObject({ code: "rep_not_in_call" });
    }
    expect((await report(rep2, { state: "offline" })).status).toBe(200);
    expect((await start(manager, body)).status).toBe(409);
  });
});

describe("a monitoring session", () => {
  it("runs from the offer to the answer, a new mode, a take-over and its end, audited", async () => {
    const callId = newId();
    expect(
      (
        await putCall(rep, callId, {
          dialedDigits: "4155550132",
          startedAt: new Date(Date.now() - 60_000).toISOString(),
        })
      ).status,
    ).toBe(201);
    await inCall(rep, callId);
    const heard: TeamChange[] = [];
    const stop = subscribeTeam(manager.organizationId, (c) => heard.push(c));
    try {
      const session = await started(manager, rep.userId);
      expect(session).toMatchObject({
        repId: rep.userId,
        repName: rep.username,
        managerId: manager.userId,
        managerName: manager.username,
        callId,
        mode: "listen",
        state: "requested",
        offer: OFFER,
        answer: null,
        announce: true,
        connectedAt: null,
        endedAt: null,
        takeOver: false,
      });
      // The line's ICE servers, the TURN one with the manager's own time-limited credentials.
      expect(session.iceServers[0]).toEqual({ urls: "stun:stun.example.com:3478" });
      expect(session.iceServers[1]).toMatchObject({ urls: "turn:turn.example.com:3478" });
      expect(session.iceServers[1]!.username).toMatch(new RegExp(`^\\d+:${manager.userId}$`));
      expect(session.iceServers[1]!.credential).toBeTruthy();
      expect(heard).toContainEqual({ topic: "monitor", by: manager.userId, for: rep.userId });
      expect(await audits("floor.monitor.start", session.id)).toEqual([
        expect.objectContaining({
          actor: manager.username,
          detail: { sessionId: session.id, repId: rep.userId, callId, mode: "listen" },
        }),
      ]);
      const db = await getDb();
      const monitoredAt = (await db.call.findUniqueOrThrow({ where: { id: callId } })).monitoredAt;
      expect(monitoredAt).not.toBeNull();

      // One session per call.
      const second = await start(manager2, { repId: rep.userId, mode: "join", offer: OFFER });
      expect(second.status).toBe(409);
      expect(await second.json()).toMatchObject({ code: "already_monitored" });

      // The rep's browser finds it, with TURN credentials of its own.
      const found = await requestsOf(rep);
      expect(found.status).toBe(200);
      const { requests } = (await found.json()) as { requests: MonitorSessionDto[] };
      expect(requests.map((r) => r.id)).toEqual([session.id]);
      expect(requests[0]!.iceServers[1]!.username).toMatch(new RegExp(`:${rep.userId}$`));
      expect(((await (await requestsOf(rep2)).json()) as { requests: unknown[] }).requests).toEqual(
        [],
      );

      // The floor shows it: "mine" for the manager running it only.
      expect((await floorRep(manager, rep)).monitor).toEqual({
        id: session.id,
        mode: "listen",
        managerId: manager.userId,
        managerName: manager.username,
        mine: true,
      });
      expect((await floorRep(manager2, rep)).monitor).toMatchObject({ mine: false });
      expect((await floorRep(manager, rep2)).monitor).toBeNull();

      // Only its manager reads it; anyone else gets the 404 of no session at all.
      expect((await getOne(manager, session.id)).status).toBe(200);
      for (const who of [manager2, rep, rep2, stranger]) {
        const res = await getOne(who, session.id);
        expect(res.status).toBe(404);
        expect(await res.json()).toMatchObject({ code: "monitor_not_found" });
      }

      // Only its rep answers.
      expect((await answer(manager, session.id)).status).toBe(404);
      expect((await answer(rep, session.id, { answer: "" })).status).toBe(400);
      heard.length = 0;
      const answered = await answer(rep, session.id);
      expect(answered.status).toBe(200);
      const connected = await sessionOf(answered);
      expect(connected).toMatchObject({ state: "connected", answer: ANSWER });
      expect(connected.connectedAt).not.toBeNull();
      expect(heard).toEqual([{ topic: "monitor", by: rep.userId, for: manager.userId }]);
      expect(await sessionOf(await getOne(manager, session.id))).toMatchObject({
        state: "connected",
        answer: ANSWER,
      });

      // A new mode: only its manager, and audited from/to.
      expect((await patch(rep, session.id, { mode: "join" })).status).toBe(404);
      expect((await patch(manager2, session.id, { mode: "join" })).status).toBe(404);
      for (const bad of [
        {},
        { mode: "shout" },
        { takeOver: false },
        { mode: "join", takeOver: true },
      ])
        expect((await patch(manager, session.id, bad)).status, JSON.stringify(bad)).toBe(400);
      heard.length = 0;
      const whisper = await patch(manager, session.id, { mode: "whisper" });
      expect(whisper.status).toBe(200);
      const whispering = await sessionOf(whisper);
      expect(whispering.mode).toBe("whisper");
      expect(heard).toEqual([{ topic: "monitor", by: manager.userId, for: rep.userId }]);
      expect(await audits("floor.monitor.mode", session.id)).toEqual([
        expect.objectContaining({
          detail: { sessionId: session.id, from: "listen", to: "whisper" },
        }),
      ]);
      const jwk = await publicKey(rep);
      expect(
        (await verifyMonitorToken(whispering.token, jwk, { rep: rep.userId, call: callId })).mode,
      ).toBe("whisper");

      // Taking over: the token says so from now on.
      const taken = await sessionOf(await patch(manager, session.id, { takeOver: true }));
      expect(taken.takeOver).toBe(true);
      expect(
        (await verifyMonitorToken(taken.token, jwk, { rep: rep.userId, call: callId })).mode,
      ).toBe("takeover");
      expect(await audits("floor.monitor.takeover", session.id)).toHaveLength(1);
      expect(
        (await db.monitorSession.findUniqueOrThrow({ where: { id: session.id } })).takeOverAt,
      ).not.toBeNull();

      // The rep's browser hands the call over and ends the session: "taken-over", with the
      // seconds from its answer.
      await db.monitorSession.update({
        where: { id: session.id },
        data: { connectedAt: new Date(Date.now() - 7_000) },
      });
      heard.length = 0;
      expect((await end(rep2, session.id)).status).toBe(404);
      const ended = await end(rep, session.id);
      expect(ended.status).toBe(200);
      const over = await sessionOf(ended);
      expect(over.state).toBe("ended");
      expect(heard).toEqual([{ topic: "monitor", by: rep.userId, for: manager.userId }]);
      const row = await db.monitorSession.findUniqueOrThrow({ where: { id: session.id } });
      expect(row.endReason).toBe("taken-over");
      const endAudit = await audits("floor.monitor.end", session.id);
      expect(endAudit).toHaveLength(1);
      const detail = endAudit[0]!.detail as Record<string, unknown>;
      expect(detail).toMatchObject({ sessionId: session.id, repId: rep.userId, callId, by: "rep" });
      expect(detail.seconds).toBeGreaterThanOrEqual(7);
      expect(detail.seconds).toBeLessThan(15);

      // Idempotent: the same end, audited once; and nothing more can change.
      const again = await end(manager, session.id);
      expect(again.status).toBe(200);
      expect((await sessionOf(again)).endedAt).toBe(over.endedAt);
      expect(await audits("floor.monitor.end", session.id)).toHaveLength(1);
      for (const res of [
        await patch(manager, session.id, { mode: "listen" }),
        await answer(rep, session.id),
      ]) {
        expect(res.status).toBe(409);
        expect(await res.json()).toMatchObject({ code: "monitor_ended" });
      }
      expect((await floorRep(manager, rep)).monitor).toBeNull();

      // The Call Log: this call was monitored, the first time kept.
      const other = newId();
      await putCall(rep, other, {
        dialedDigits: "4155550133",
        startedAt: new Date().toISOString(),
      });
      const { calls } = (await (await listCalls(rep)).json()) as CallListResponse;
      expect(calls.find((c) => c.id === callId)?.monitored).toBe(true);
      expect(calls.find((c) => c.id === other)?.monitored).toBe(false);
      expect((await db.call.findUniqueOrThrow({ where: { id: callId } })).monitoredAt).toEqual(
        monitoredAt,
      );
    } finally {
      stop();
    }
  });

  it("ends when its manager ends it", async () => {
    const callId = newId();
    await inCall(rep2, callId);
    const session = await started(manager2, rep2.userId, "join");
    const heard: TeamChange[] = [];
    const stop = subscribeTeam(manager.organizationId, (c) => heard.push(c));
    try {
      const res = await end(manager2, session.id);
      expect(res.status).toBe(200);
      expect(heard).toEqual([{ topic: "monitor", by: manager2.userId, for: rep2.userId }]);
    } finally {
      stop();
    }
    const db = await getDb();
    expect(
      (await db.monitorSession.findUniqueOrThrow({ where: { id: session.id } })).endReason,
    ).toBe("manager");
    const [audit] = await audits("floor.monitor.end", session.id);
    expect(audit?.detail).toMatchObject({ by: "manager", callId, seconds: 0 });
    // The call has no record yet: no Call row is made for it.
    expect(await db.call.findUnique({ where: { id: callId } })).toBeNull();
  });

  it("expires unanswered after 30 s, and when the rep's call ends", async () => {
    const callId = newId();
    await inCall(rep2, callId);
    const session = await started(manager, rep2.userId);
    const db = await getDb();
    await db.monitorSession.update({
      where: { id: session.id },
      data: { startedAt: new Date(Date.now() - MONITOR_ANSWER_WAIT_MS - 1_000) },
    });
    const found = (await (await requestsOf(rep2)).json()) as { requests: unknown[] };
    expect(found.requests).toEqual([]);
    const row = await db.monitorSession.findUniqueOrThrow({ where: { id: session.id } });
    expect(row.endReason).toBe("expired");
    expect(row.endedAt).not.toBeNull();
    expect((await audits("floor.monitor.end", session.id))[0]?.detail).toMatchObject({
      by: "expired",
    });
    const late = await answer(rep2, session.id);
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({ code: "monitor_ended" });

    // The call is free again; under fake time, the unanswered one expires on the floor's read.
    const next = await started(manager, rep2.userId);
    // (the rep's last report, 31 s old then, still reads in the call)
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + MONITOR_ANSWER_WAIT_MS + 1_000 });
    expect((await floorRep(manager, rep2)).monitor).toBeNull();
    expect((await sessionOf(await getOne(manager, next.id))).state).toBe("ended");
    vi.useRealTimers();

    // An answered session ends with the rep's call (presence leaves the call).
    const third = await started(manager, rep2.userId);
    expect((await answer(rep2, third.id)).status).toBe(200);
    expect((await sessionOf(await getOne(manager, third.id))).state).toBe("connected");
    expect((await report(rep2, { state: "wrapping-up" })).status).toBe(200);
    expect((await sessionOf(await getOne(manager, third.id))).state).toBe("ended");
    expect((await db.monitorSession.findUniqueOrThrow({ where: { id: third.id } })).endReason).toBe(
      "expired",
    );
  });
});

describe("the monitoring token", () => {
  it("verifies with the server's public key for its rep and call only", async () => {
    const res = await key(rep);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, max-age=3600");
    const body = (await res.json()) as MonitorKeyResponse;
    expect(body.alg).toBe("ES256");
    expect(Object.keys(body.jwk).sort()).toEqual(["crv", "kty", "x", "y"]);
    expect(body.jwk).toMatchObject({ kty: "EC", crv: "P-256" });
    // The same key on every read (derived, not generated per process start).
    expect(await publicKey(manager)).toEqual(body.jwk);
    expect((await key(undefined as unknown as Rep)).status).toBe(401);

    const callId = newId();
    await inCall(rep, callId);
    const session = await started(manager, rep.userId);
    const claims = await verifyMonitorToken(session.token, body.jwk, {
      rep: rep.userId,
      call: callId,
    });
    expect(claims).toMatchObject({
      sid: session.id,
      mgr: manager.userId,
      rep: rep.userId,
      call: callId,
      mode: "listen",
    });
    expect(claims.exp - claims.iat).toBe(120);

    await expect(
      verifyMonitorToken(session.token, body.jwk, { rep: rep.userId, call: newId() }),
    ).rejects.toThrow();
    await expect(
      verifyMonitorToken(session.token, body.jwk, { rep: rep2.userId, call: callId }),
    ).rejects.toThrow();
    const [h, p, s] = session.token.split(".");
    const payload = JSON.parse(Buffer.from(p!, "base64url").toString()) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...payload, mode: "takeover" })).toString(
      "base64url",
    );
    await expect(
      verifyMonitorToken(`${h}.${forged}.${s}`, body.jwk, { rep: rep.userId, call: callId }),
    ).rejects.toThrow();
    // Signed by another key.
    const other = await generateKeyPair("ES256");
    const foreign = await new SignJWT(payload)
      .setProtectedHeader({ alg: "ES256" })
      .sign(other.privateKey);
    await expect(
      verifyMonitorToken(foreign, body.jwk, { rep: rep.userId, call: callId }),
    ).rejects.toThrow();
    // Two minutes later it is worth nothing.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 121_000 });
    await expect(
      verifyMonitorToken(session.token, body.jwk, { rep: rep.userId, call: callId }),
    ).rejects.toThrow();
    vi.useRealTimers();
    expect((await end(manager, session.id)).status).toBe(200);
  });
});

describe("the team's monitoring policy", () => {
  it("is read by every member and changed by managers only", async () => {
    const read = async (who: Rep) => {
      const res = await call(rulesRoute.GET, "GET", "/api/team/dialing-rules", who);
      expect(res.status).toBe(200);
      return ((await res.json()) as { announceMonitoring: boolean }).announceMonitoring;
    };
    const put = (who: Rep, body: unknown) =>
      call(rulesRoute.PUT, "PUT", "/api/team/dialing-rules", who, body);
    expect(await read(rep)).toBe(true);
    expect((await put(rep, { ...rules, announceMonitoring: false })).status).toBe(403);
    expect(await read(rep)).toBe(true);
    expect((await put(manager, { ...rules, announceMonitoring: "no" })).status).toBe(400);

    const res = await put(manager, { ...rules, announceMonitoring: false });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ announceMonitoring: false });
    expect(await read(rep)).toBe(false);
    // The rules without it keep it.
    expect((await put(manager, rules)).status).toBe(200);
    expect(await read(rep2)).toBe(false);

    const callId = newId();
    await inCall(rep, callId);
    const session = await started(manager, rep.userId);
    expect(session.announce).toBe(false);
    expect((await end(rep, session.id)).status).toBe(200);
    expect((await put(manager, { ...rules, announceMonitoring: true })).status).toBe(200);
    expect(await read(rep)).toBe(true);
  });
});

describe("presence's call", () => {
  it("keeps the rep's call id while dialing, ringing or in a call, and announces a new call", async () => {
    const first = newId();
    expect((await report(rep2, { state: "dialing", callId: first })).status).toBe(200);
    expect(currentPresence(rep2.organizationId, rep2.userId)?.callId).toBe(first);
    const heard: TeamChange[] = [];
    const stop = subscribeTeam(manager.organizationId, (c) => heard.push(c));
    try {
      const second = newId();
      expect((await report(rep2, { state: "dialing", callId: second })).status).toBe(200);
      expect(heard).toEqual([{ topic: "floor", by: rep2.userId }]);
      expect(currentPresence(rep2.organizationId, rep2.userId)?.callId).toBe(second);
    } finally {
      stop();
    }
    expect((await report(rep2, { state: "ready", callId: first })).status).toBe(200);
    expect(currentPresence(rep2.organizationId, rep2.userId)?.callId).toBeNull();
    expect((await report(rep2, { state: "in-call", callId: "call-1" })).status).toBe(400);
    expect((await report(rep2, { state: "in-call", callId: null })).status).toBe(200);
    expect(currentPresence(rep2.organizationId, rep2.userId)?.callId).toBeNull();
  });

  it("the live channel's change keeps whom it is for", () => {
    expect(parseTeamChange({ topic: "monitor", by: "a", for: "b" })).toEqual({
      topic: "monitor",
      by: "a",
      for: "b",
    });
    expect(parseTeamChange({ topic: "monitor", by: "a" })).toEqual({ topic: "monitor", by: "a" });
    expect(parseTeamChange({ topic: "monitor", by: "a", for: 1 })).toBeNull();
  });
});
