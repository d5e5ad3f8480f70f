/**
 * The live floor's two routes, shared by the routes and the browser (browser-safe):
 * PUT /api/floor/presence (a rep's browser says what its dialer is doing) and GET /api/floor
 * (a manager reads the team's states and today's figures).
 */
import { z } from "zod";
import { BUSINESS_NAME_MAX, CALL_QUALITY_LEVELS, MONITOR_MODES, PRESENCE_STATES } from "./limits";

export const presenceBodySchema = z.strictObject({
  state: z.enum(PRESENCE_STATES),
  /** The business of the call (dialing, ringing, in-call, wrapping-up), when it has one. */
  business: z
    .strictObject({
      placeId: z.string().min(1).max(300),
      name: z.string().max(BUSINESS_NAME_MAX).nullable(),
    })
    .nullable()
    .optional(),
  /** A power-dial session is running; `lines`: the parallel round's lines, if one is under way. */
  powerDial: z
    .strictObject({ lines: z.number().int().min(1).max(20).nullable() })
    .nullable()
    .optional(),
  /**
   * The rep's live call (the Call's id), sent while dialing, ringing or in a call: a manager
   * monitors that call (POST /api/floor/monitor). Ignored in the other states.
   */
  callId: z.uuid().nullable().optional(),
  /** The call's quality now, as the rep's dialer rates it (in a call with media). */
  quality: z.enum(CALL_QUALITY_LEVELS).nullable().optional(),
});
export type PresenceBody = z.infer<typeof presenceBodySchema>;

export const presenceResponseSchema = z.object({ ok: z.literal(true) });

const isoTime = z.iso.datetime({ offset: true, error: "A time is ISO 8601 with an offset" });

export const floorQuerySchema = z.object({
  /** Where "today" starts for the figures (the browser's midnight); default: midnight UTC. */
  since: isoTime.optional(),
});

const count = z.number().int().nonnegative();

export const floorRepSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: z.enum(["rep", "manager"]),
  /** The manager reading the floor (the screen marks them, and is "empty" with no one else). */
  self: z.boolean(),
  state: z.enum(PRESENCE_STATES),
  /** When the state began (server clock, ISO); null when offline. The in-call duration counts from it. */
  since: z.string().nullable(),
  business: z.object({ placeId: z.string(), name: z.string().nullable() }).nullable(),
  powerDial: z.object({ lines: z.number().int().nullable() }).nullable(),
  /** The live call's quality (in a call with media), or null. */
  quality: z.enum(CALL_QUALITY_LEVELS).nullable(),
  today: z.object({ dials: count, connects: count, talkSeconds: count }),
  /** The active monitoring session on this rep's call; `mine`: the manager reading runs it. */
  monitor: z
    .object({
      id: z.string(),
      mode: z.enum(MONITOR_MODES),
      managerId: z.string(),
      managerName: z.string(),
      mine: z.boolean(),
    })
    .nullable(),
});
export type FloorRep = z.infer<typeof floorRepSchema>;

export const floorResponseSchema = z.object({
  reps: z.array(floorRepSchema),
  /** The server's clock when it answered, so a browser with a skewed clock ticks durations right. */
  now: z.string(),
});
export type FloorResponse = z.infer<typeof floorResponseSchema>;
