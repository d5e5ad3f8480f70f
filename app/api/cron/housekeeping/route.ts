// GET /api/cron/housekeeping - prune expired sessions, closed counters and old audit events; send due webhooks (Vercel Cron)
import { withPublic } from "@/lib/api/handler";
import { noStore } from "@/lib/api/errors";
import { assertCronCaller } from "@/modules/deploy/lib/cron";
import { pruneExpiredAuthRows } from "@/modules/deploy/lib/housekeeping";
import { env } from "@/lib/env";
import { drainWebhooks } from "@/modules/integrations/lib/webhooks/drain";
import { log } from "@/lib/log";

export const dynamic = "force-dynamic";

// Serverless instances keep no timers, so the platform's scheduler calls this hourly (vercel.json);
// a long-running server prunes on its own timer and may call it too. Bounded per call.
export const GET = withPublic({}, async ({ req }) => {
  assertCronCaller(req);
  const pruned = await pruneExpiredAuthRows(new Date(), env.HOUSEKEEPING_BATCH);
  // Serverless has no timer for the webhook outbox: each cron call sends what is due.
  const webhooks = await drainWebhooks({ limit: 100 });
  log.info("housekeeping", { ...pruned, webhooks });
  return Response.json({ ok: true, pruned, webhooks }, { headers: noStore });
});
