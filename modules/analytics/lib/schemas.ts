/**
 * GET /api/analytics: the query and the answer, shared by the route and the
 * Analytics screen (browser-safe, no server code).
 */
import { z } from "zod";
import { DISPOSITIONS } from "@/modules/calls/lib/dispositions";

/** The longest range one request may cover: a year and a leap day, with room for DST. */
export const ANALYTICS_MAX_DAYS = 367;
/** A range this long or shorter is drawn per hour; longer ones per day. */
export const HOURLY_MAX_HOURS = 25;
/** A heatmap cell with fewer calls than this says so instead of showing a rate. */
export const HEATMAP_MIN_CALLS = 5;
/** The heatmap's categories: the busiest ones, at most this many. */
export const HEATMAP_MAX_CATEGORIES = 12;

const isoTime = z.iso.datetime({ offset: true, error: "A time is ISO 8601 with an offset" });

function isTimeZone(tz: string) {
  try {
    new Intl.DateTimeFormat("en", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

const tzMessage = "tz is an IANA time zone such as Europe/Berlin";
export const timeZoneSchema = z
  .string(tzMessage)
  .trim()
  // The shape of IANA names, before asking Intl: nothing else reaches the database.
  .regex(/^(?:UTC|[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+){1,2})$/, tzMessage)
  .refine(isTimeZone, tzMessage);

export const analyticsQuerySchema = z
  .object({
    /** startedAt >= from */
    from: isoTime,
    /** startedAt < to */
    to: isoTime,
    /** "team" or one rep's user id. */
    agent: z
      .union([z.literal("team"), z.uuid()], "agent is team or a rep's id")
      .default("team")
      .transform((a) => a.toLowerCase()),
    /** The rep's time zone: days and hours of the activity chart are its own. */
    tz: timeZoneSchema.default("UTC"),
  })
  .superRefine((q, ctx) => {
    const span = new Date(q.to).getTime() - new Date(q.from).getTime();
    if (span <= 0) ctx.addIssue({ code: "custom", path: ["to"], message: "to must be after from" });
    else if (span > ANALYTICS_MAX_DAYS * 24 * 3600_000) {
      ctx.addIssue({
        code: "custom",
        path: ["to"],
        message: `A range covers at most ${ANALYTICS_MAX_DAYS} days`,
      });
    }
  });
export type AnalyticsQuery = z.input<typeof analyticsQuerySchema>;

const count = z.number().int().nonnegative();
const rate = z.number().min(0).max(1).nullable();

export const summarySchema = z.object({
  dials: count,
  connects: count,
  conversations: count,
  sales: count,
  talkSeconds: count,
  revenue: z.number().nonnegative(),
  /** connects / dials */
  connectRate: rate,
  /** conversations / dials */
  conversationRate: rate,
  /** talkSeconds / connects */
  averageTalkSeconds: z.number().nonnegative().nullable(),
  /** Clock hours (per rep, in tz) in which at least one call was made. */
  workingHours: count,
  /** dials / workingHours */
  dialsPerWorkingHour: z.number().nonnegative().nullable(),
});
export type Summary = z.infer<typeof summarySchema>;

const cellSchema = z.object({
  /** ISO weekday of the business's local time: 1 Monday ... 7 Sunday. */
  weekday: z.number().int().min(1).max(7),
  hour: z.number().int().min(0).max(23),
  dials: count,
  /** null (with tooFew) when the cell has fewer than HEATMAP_MIN_CALLS calls. */
  connectRate: rate,
  conversationRate: rate,
  tooFew: z.boolean(),
});
export type HeatmapCell = z.infer<typeof cellSchema>;

export const analyticsResponseSchema = z.object({
  range: z.object({ from: isoTime, to: isoTime, previousFrom: isoTime, tz: z.string() }),
  agent: z.string(),
  /** What the viewer may pick: a manager any rep, everyone else the team and themselves. */
  viewer: z.object({ userId: z.string(), manager: z.boolean() }),
  reps: z.array(z.object({ id: z.string(), username: z.string() })),
  summary: summarySchema,
  previous: summarySchema,
  activity: z.object({
    unit: z.enum(["hour", "day"]),
    /** Start of each bucket in tz: a local day "2026-03-08" or an hour's local time "2026-03-08T09:00". */
    buckets: z.array(
      z.object({
        start: z.string(),
        dials: count,
        connects: count,
        conversations: count,
        sales: count,
      }),
    ),
  }),
  outcomes: z.array(
    z.object({
      /** null: calls with no disposition recorded. */
      disposition: z.enum(DISPOSITIONS).nullable(),
      calls: count,
      talkSeconds: count,
      conversation: z.boolean(),
      contact: z.boolean(),
      sale: z.boolean(),
    }),
  ),
  leaderboard: z.array(
    z.object({
      userId: z.string(),
      username: z.string(),
      dials: count,
      connects: count,
      conversations: count,
      sales: count,
      revenue: z.number().nonnegative(),
      talkSeconds: count,
      conversationRate: rate,
    }),
  ),
  funnel: z.object({ dials: count, connects: count, conversations: count, sales: count }),
  heatmap: z.object({
    minCalls: z.number().int(),
    /** Calls of the range that carry a business offset (the heatmap's base). */
    calls: count,
    overall: z.array(cellSchema),
    categories: z.array(
      z.object({ category: z.string(), calls: count, cells: z.array(cellSchema) }),
    ),
  }),
});
export type AnalyticsResponse = z.infer<typeof analyticsResponseSchema>;
