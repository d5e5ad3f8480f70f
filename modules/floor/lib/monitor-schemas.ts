/**
 * Call monitoring's routes (/api/floor/monitor/**), shared by the routes and the browser
 * (browser-safe): a manager starts a session with an SDP offer, the rep's browser answers it,
 * the manager changes its mode or takes the call over, either side ends it.
 */
import { z } from "zod";
import { MONITOR_MODES, MONITOR_SDP_MAX } from "./limits";

const sdp = (name: string) =>
  z
    .string(`${name} is the SDP text`)
    .min(1, `${name} is the SDP text`)
    .max(MONITOR_SDP_MAX, `${name} is at most ${MONITOR_SDP_MAX} characters`);

const modeSchema = z.enum(MONITOR_MODES, "mode is listen, whisper or join");

export const monitorIdParamsSchema = z.object({ id: z.uuid("Not a monitoring session's id") });

/** POST /api/floor/monitor: a manager asks to monitor a rep's live call. */
export const monitorStartBodySchema = z.strictObject({
  repId: z.uuid("repId is a member's id"),
  mode: modeSchema,
  offer: sdp("offer"),
});
export type MonitorStartBody = z.infer<typeof monitorStartBodySchema>;

/** PUT /api/floor/monitor/{id}/answer: the rep's browser answers the manager's offer. */
export const monitorAnswerBodySchema = z.strictObject({ answer: sdp("answer") });
export type MonitorAnswerBody = z.infer<typeof monitorAnswerBodySchema>;

/** PATCH /api/floor/monitor/{id}: another mode, or the manager takes the call over. */
export const monitorPatchBodySchema = z.union(
  [z.strictObject({ mode: modeSchema }), z.strictObject({ takeOver: z.literal(true) })],
  "The change is { mode } or { takeOver: true }",
);
export type MonitorPatchBody = z.infer<typeof monitorPatchBodySchema>;

export const MONITOR_STATES = ["requested", "connected", "ended"] as const;
export const MONITOR_END_REASONS = ["manager", "rep", "expired", "taken-over"] as const;

const iso = z.string();

/** A TURN or STUN server as RTCPeerConnection takes it (credentials minted for the reader). */
export const monitorIceServerSchema = z.object({
  urls: z.string(),
  username: z.string().optional(),
  credential: z.string().optional(),
});

export const monitorSessionSchema = z.object({
  id: z.string(),
  repId: z.string(),
  repName: z.string(),
  managerId: z.string(),
  managerName: z.string(),
  callId: z.string(),
  mode: modeSchema,
  state: z.enum(MONITOR_STATES),
  offer: z.string(),
  answer: z.string().nullable(),
  /** Signed for this answer: the current mode, or "takeover" once the manager asked. */
  token: z.string(),
  iceServers: z.array(monitorIceServerSchema),
  /** The team tells reps when a manager is listening (Organization.announceMonitoring). */
  announce: z.boolean(),
  startedAt: iso,
  connectedAt: iso.nullable(),
  endedAt: iso.nullable(),
  takeOver: z.boolean(),
});
export type MonitorSessionDto = z.infer<typeof monitorSessionSchema>;

export const monitorSessionResponseSchema = z.object({ session: monitorSessionSchema });
export type MonitorSessionResponse = z.infer<typeof monitorSessionResponseSchema>;

/** GET /api/floor/monitor/requests: the caller's active sessions as the rep. */
export const monitorRequestsResponseSchema = z.object({ requests: z.array(monitorSessionSchema) });
export type MonitorRequestsResponse = z.infer<typeof monitorRequestsResponseSchema>;

/** GET /api/floor/monitor/key: the public key the tokens verify with. */
export const monitorKeyResponseSchema = z.object({
  alg: z.literal("ES256"),
  jwk: z.object({ kty: z.literal("EC"), crv: z.literal("P-256"), x: z.string(), y: z.string() }),
});
export type MonitorKeyResponse = z.infer<typeof monitorKeyResponseSchema>;
