import "server-only";
import { ApiError } from "@/lib/api/errors";
import { recordAudit } from "@/lib/audit";
import { can } from "@/lib/auth/permissions";
import type { UserSession } from "@/lib/auth/sessions";
import { getDb } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { publishTeamChange } from "@/lib/live/bus";
import { log } from "@/lib/log";
import { mintEphemeralCredentials } from "@/modules/telephony/lib/ephemeral";
import { lineOf, publicSettings, readLineSecret } from "@/modules/telephony/lib/lines";
import { CALL_STATES, MONITOR_ANSWER_WAIT_MS, type MonitorMode } from "./limits";
import { signMonitorToken } from "./monitor-key";
import type {
  MonitorAnswerBody,
  MonitorPatchBody,
  MonitorSessionDto,
  MonitorStartBody,
} from "./monitor-schemas";
import { currentPresence } from "./presence-store";

// Call monitoring's sessions: the signalling of a manager's browser-to-browser WebRTC session
// with a rep's browser (the media never passes through this server). A session is active while
// it is not ended, has been answered or is younger than MONITOR_ANSWER_WAIT_MS, and the rep's
// presence still names its call in a call state; one found inactive on any read is ended
// ("expired") and audited there, so no timer is needed on any server shape.

const sessionSelect = {
  id: true,
  organizationId: true,
  managerId: true,
  repId: true,
  callId: true,
  mode: true,
  offer: true,
  answer: true,
  startedAt: true,
  connectedAt: true,
  endedAt: true,
  endReason: true,
  takeOverAt: true,
  manager: { select: { username: true } },
  rep: { select: { username: true } },
} satisfies Prisma.MonitorSessionSelect;

type SessionRow = Prisma.MonitorSessionGetPayload<{ select: typeof sessionSelect }>;
type Actor = { session: UserSession; ip: string | null };
type EndedBy = "manager" | "rep" | "expired";

const notFound = () =>
  new ApiError("not_found", "No such monitoring session", { code: "monitor_not_found" });
const ended = () =>
  new ApiError("conflict", "This monitoring session has ended", { code: "monitor_ended" });

/** Whether a session is still on (see the header); `now` in ms. */
export function isActive(row: SessionRow, now = Date.now()): boolean {
  if (row.endedAt) return false;
  if (!row.connectedAt && now - row.startedAt.getTime() >= MONITOR_ANSWER_WAIT_MS) return false;
  const presence = currentPresence(row.organizationId, row.repId, now);
  return (
    !!presence &&
    presence.callId === row.callId &&
    (CALL_STATES as readonly string[]).includes(presence.state)
  );
}

/** Whole seconds the session lasted: from its answer (or its start) to its end. */
const secondsOf = (row: SessionRow, endedAt: Date) =>
  Math.max(
    0,
    Math.floor((endedAt.getTime() - (row.connectedAt ?? row.startedAt).getTime()) / 1000),
  );

/** The first monitoring of a call is kept on its record (the Call Log's "monitored"). */
async function markCallMonitored(
  row: Pick<SessionRow, "organizationId" | "repId" | "callId" | "startedAt">,
) {
  const db = await getDb();
  await db.call.updateMany({
    where: {
      id: row.callId,
      organizationId: row.organizationId,
      userId: row.repId,
      monitoredAt: null,
    },
    data: { monitoredAt: row.startedAt },
  });
}

/**
 * Ends a session once (a concurrent end wins and this one reads the result), audits it and tells
 * the other side. `by`: who ended it; a rep's end after the manager asked to take over reads
 * "taken-over".
 */
async function endSession(row: SessionRow, by: EndedBy, actor: Actor): Promise<SessionRow> {
  const db = await getDb();
  const endedAt = new Date();
  const reason = by === "rep" && row.takeOverAt ? "taken-over" : by;
  const { count } = await db.monitorSession.updateMany({
    where: { id: row.id, endedAt: null },
    data: { endedAt, endReason: reason },
  });
  const after = await db.monitorSession.findUniqueOrThrow({
    where: { id: row.id },
    select: sessionSelect,
  });
  if (count === 0) return after;
  await markCallMonitored(row);
  await recordAudit({
    actor: actor.session.username,
    action: "floor.monitor.end",
    outcome: "success",
    target: row.rep.username,
    clientIp: actor.ip,
    detail: {
      sessionId: row.id,
      repId: row.repId,
      callId: row.callId,
      by,
      reason,
      seconds: secondsOf(row, endedAt),
    },
    fold: false,
  });
  // The side that did not end it hears it (an expiry: both, as neither did).
  const to =
    by === "manager" ? [row.repId] : by === "rep" ? [row.managerId] : [row.repId, row.managerId];
  for (const id of to)
    await publishTeamChange(row.organizationId, {
      topic: "monitor",
      by: actor.session.userId,
      for: id,
    });
  return after;
}

/** The rows as they stand after ending (expired) those no longer active. */
async function settle(rows: SessionRow[], actor: Actor): Promise<SessionRow[]> {
  const now = Date.now();
  const out: SessionRow[] = [];
  for (const row of rows)
    out.push(!row.endedAt && !isActive(row, now) ? await endSession(row, "expired", actor) : row);
  return out;
}

type IceServer = MonitorSessionDto["iceServers"][number];

/**
 * The team's line's ICE servers for this member, as their line gets them: a TURN server left
 * without credentials gets the member's own time-limited ones (modules/dialer/lib/ice-servers.ts
 * does the same in the browser); without a readable secret such a server is left out, since a
 * TURN server with no credentials makes RTCPeerConnection throw.
 */
async function iceServersFor(organizationId: string, userId: string): Promise<IceServer[]> {
  const line = await lineOf(organizationId);
  if (!line) return [];
  let minted: { username: string; password: string } | null | undefined;
  const credentials = () => {
    if (minted === undefined) {
      try {
        minted = mintEphemeralCredentials(readLineSecret(line), userId);
      } catch (error) {
        log.warn("monitor: the line's secret cannot be read; TURN left out", {
          error: String(error),
        });
        minted = null;
      }
    }
    return minted;
  };
  const servers: IceServer[] = [];
  for (const server of publicSettings(line).iceServers) {
    const turn = /^turns?:/i.test(server.urls);
    if (!turn || server.username || server.credential) {
      servers.push(server);
      continue;
    }
    const c = credentials();
    if (c) servers.push({ ...server, username: c.username, credential: c.password });
  }
  return servers;
}

/** Whether the team tells a rep that a manager is monitoring their call (every member reads it). */
export async function announceMonitoringOf(organizationId: string) {
  const db = await getDb();
  const org = await db.organization.findUniqueOrThrow({
    where: { id: organizationId },
    select: { announceMonitoring: true },
  });
  return org.announceMonitoring;
}

/** The sessions as `reader` receives them, each with a fresh token. */
async function toDtos(rows: SessionRow[], reader: UserSession): Promise<MonitorSessionDto[]> {
  if (rows.length === 0) return [];
  const [iceServers, announce] = await Promise.all([
    iceServersFor(reader.organizationId, reader.userId),
    announceMonitoringOf(reader.organizationId),
  ]);
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return Promise.all(
    rows.map(async (row) => ({
      id: row.id,
      repId: row.repId,
      repName: row.rep.username,
      managerId: row.managerId,
      managerName: row.manager.username,
      callId: row.callId,
      mode: row.mode,
      state: row.endedAt ? "ended" : row.connectedAt ? "connected" : "requested",
      offer: row.offer,
      answer: row.answer,
      token: await signMonitorToken({
        sid: row.id,
        mgr: row.managerId,
        rep: row.repId,
        call: row.callId,
        mode: row.takeOverAt ? "takeover" : row.mode,
      }),
      iceServers,
      announce,
      startedAt: row.startedAt.toISOString(),
      connectedAt: iso(row.connectedAt),
      endedAt: iso(row.endedAt),
      takeOver: row.takeOverAt !== null,
    })),
  );
}

const toDto = async (row: SessionRow, reader: UserSession) => (await toDtos([row], reader))[0]!;

/**
 * A session of the reader's organization that the reader takes part in as `as`, else 404 (so no
 * one learns of a session that is not theirs). Its manager acts on it only while their role
 * still allows monitoring; ending it is always allowed.
 */
async function sessionFor(actor: Actor, id: string, as: "manager" | "rep" | "either") {
  const db = await getDb();
  const row = await db.monitorSession.findFirst({
    where: { id, organizationId: actor.session.organizationId },
    select: sessionSelect,
  });
  const me = actor.session.userId;
  const manager =
    row?.managerId === me && (as === "either" || can(actor.session.role, "team.monitor"));
  const mine = row && ((as !== "rep" && manager) || (as !== "manager" && row.repId === me));
  if (!row || !mine) throw notFound();
  return row;
}

/** POST /api/floor/monitor: a manager starts monitoring a rep's live call. */
export async function startMonitor(actor: Actor, body: MonitorStartBody) {
  const { session } = actor;
  const org = session.organizationId;
  const db = await getDb();
  const rep = await db.user.findFirst({
    where: { id: body.repId, organizationId: org, disabled: false },
    select: { id: true },
  });
  if (!rep || rep.id === session.userId) {
    throw new ApiError("not_found", "No such member on your team", { code: "rep_not_found" });
  }
  const presence = currentPresence(org, rep.id);
  if (!presence || presence.state !== "in-call" || !presence.callId) {
    throw new ApiError("conflict", "This member is not in a call", { code: "rep_not_in_call" });
  }
  const callId = presence.callId;
  const open = () =>
    db.monitorSession.findMany({
      where: { organizationId: org, callId, endedAt: null },
      select: sessionSelect,
    });
  // Sessions that are over (unanswered, or of a call that ended) are ended first; then, under
  // the rep's row lock, no second manager can start one on the same call at the same moment.
  await settle(await open(), actor);
  const id = await db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT "id" FROM "User" WHERE "id" = ${rep.id}::uuid FOR UPDATE`;
    const busy = await tx.monitorSession.count({
      where: { organizationId: org, callId, endedAt: null },
    });
    if (busy > 0) {
      throw new ApiError("conflict", "A manager is already monitoring this call", {
        code: "already_monitored",
      });
    }
    const created = await tx.monitorSession.create({
      data: {
        organizationId: org,
        managerId: session.userId,
        repId: rep.id,
        callId,
        mode: body.mode,
        offer: body.offer,
      },
      select: { id: true },
    });
    return created.id;
  });
  const row = await db.monitorSession.findUniqueOrThrow({ where: { id }, select: sessionSelect });
  await markCallMonitored(row);
  await recordAudit({
    actor: session.username,
    action: "floor.monitor.start",
    outcome: "success",
    target: row.rep.username,
    clientIp: actor.ip,
    detail: { sessionId: id, repId: rep.id, callId, mode: body.mode },
    fold: false,
  });
  await publishTeamChange(org, { topic: "monitor", by: session.userId, for: rep.id });
  return toDto(row, session);
}

/** GET /api/floor/monitor/requests: the reader's active sessions as the rep. */
export async function monitorRequests(actor: Actor) {
  const db = await getDb();
  const rows = await db.monitorSession.findMany({
    where: {
      organizationId: actor.session.organizationId,
      repId: actor.session.userId,
      endedAt: null,
    },
    select: sessionSelect,
    orderBy: { startedAt: "asc" },
  });
  const live = (await settle(rows, actor)).filter((row) => !row.endedAt);
  return toDtos(live, actor.session);
}

/** GET /api/floor/monitor/{id}: the session, for its manager. */
export async function monitorSession(actor: Actor, id: string) {
  const [row] = await settle([await sessionFor(actor, id, "manager")], actor);
  return toDto(row!, actor.session);
}

/** PUT /api/floor/monitor/{id}/answer: the rep's browser answers the offer. */
export async function answerMonitor(actor: Actor, id: string, body: MonitorAnswerBody) {
  const [row] = await settle([await sessionFor(actor, id, "rep")], actor);
  if (row!.endedAt) throw ended();
  const db = await getDb();
  const { count } = await db.monitorSession.updateMany({
    where: { id, endedAt: null },
    data: { answer: body.answer, connectedAt: row!.connectedAt ?? new Date() },
  });
  if (count === 0) throw ended();
  const after = await db.monitorSession.findUniqueOrThrow({ where: { id }, select: sessionSelect });
  await markCallMonitored(after);
  await publishTeamChange(after.organizationId, {
    topic: "monitor",
    by: actor.session.userId,
    for: after.managerId,
  });
  return toDto(after, actor.session);
}

/** PATCH /api/floor/monitor/{id}: the manager changes the mode, or takes the call over. */
export async function changeMonitor(actor: Actor, id: string, body: MonitorPatchBody) {
  const [row] = await settle([await sessionFor(actor, id, "manager")], actor);
  if (row!.endedAt) throw ended();
  const db = await getDb();
  const takeOver = "takeOver" in body;
  const data: Prisma.MonitorSessionUpdateManyMutationInput = takeOver
    ? { takeOverAt: row!.takeOverAt ?? new Date() }
    : { mode: body.mode };
  const { count } = await db.monitorSession.updateMany({ where: { id, endedAt: null }, data });
  if (count === 0) throw ended();
  const after = await db.monitorSession.findUniqueOrThrow({ where: { id }, select: sessionSelect });
  const from: MonitorMode = row!.mode;
  await recordAudit({
    actor: actor.session.username,
    action: takeOver ? "floor.monitor.takeover" : "floor.monitor.mode",
    outcome: "success",
    target: after.rep.username,
    clientIp: actor.ip,
    detail: takeOver
      ? { sessionId: id, repId: after.repId, callId: after.callId, mode: from }
      : { sessionId: id, from, to: after.mode },
    fold: false,
  });
  await publishTeamChange(after.organizationId, {
    topic: "monitor",
    by: actor.session.userId,
    for: after.repId,
  });
  return toDto(after, actor.session);
}

/** DELETE /api/floor/monitor/{id}: its manager or its rep ends it (again: the same answer). */
export async function endMonitor(actor: Actor, id: string) {
  const row = await sessionFor(actor, id, "either");
  if (row.endedAt) return toDto(row, actor.session);
  const by: EndedBy = row.managerId === actor.session.userId ? "manager" : "rep";
  return toDto(await endSession(row, by, actor), actor.session);
}

/** The active session on each rep of the organization, for the live floor. */
export async function activeMonitorsByRep(actor: Actor) {
  const db = await getDb();
  const rows = await db.monitorSession.findMany({
    where: { organizationId: actor.session.organizationId, endedAt: null },
    select: sessionSelect,
  });
  const byRep = new Map<string, SessionRow>();
  for (const row of await settle(rows, actor)) if (!row.endedAt) byRep.set(row.repId, row);
  return byRep;
}
