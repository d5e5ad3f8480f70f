/**
 * GET /api/dashboard: the team's day from its call records, shared by the route and
 * the dashboard (browser-safe).
 */
import { z } from "zod";

const isoTime = z.iso.datetime({ offset: true, error: "A time is ISO 8601 with an offset" });

export const dashboardQuerySchema = z.object({
  /** Where "today" starts for dials and talk time (the browser's midnight); default 24 h ago. */
  since: isoTime.optional(),
});

/** How many sale and appointment events the list shows. */
export const SALES_EVENTS_LIMIT = 10;
/** A call still open after this long is a browser that went away, not a rep on the phone. */
export const ACTIVE_CALL_MAX_MS = 2 * 3600_000;

const count = z.number().int().nonnegative();

export const dashboardResponseSchema = z.object({
  agents: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      dials: count,
      talkSeconds: count,
      /** In a call now: a call of theirs started and not yet ended (within ACTIVE_CALL_MAX_MS). */
      status: z.enum(["Active", "Free"]),
    }),
  ),
  kpis: z.object({
    revenueToday: z.number().nonnegative(),
    netIncomeEst: z.number().nonnegative(),
    mrrDerived: z.number().nonnegative(),
    avgDealSize: z.number().nonnegative(),
  }),
  events: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(["sale", "appointment"]),
      at: isoTime,
      rep: z.string(),
      amount: z.number().nullable(),
      /** The appointment's time, for a callback. */
      callbackAt: isoTime.nullable(),
      /**
       * The business's name from the team's account record of it (modules/records/lib/accounts.ts), null
       * when the team keeps none: the list then shows the number.
       */
      business: z.string().nullable(),
      /** The business's number in E.164. */
      number: z.string().nullable(),
    }),
  ),
});
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;
