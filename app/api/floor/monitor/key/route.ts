// GET /api/floor/monitor/key - the public key monitoring tokens verify with (any member)
import { withUser } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { monitorPublicJwk } from "@/modules/floor/lib/monitor-key";
import { monitorKeyResponseSchema } from "@/modules/floor/lib/monitor-schemas";
import { monitorReadLimit } from "@/modules/floor/lib/rate-limits";

export const GET = withUser({ permission: "dialing.use", rateLimit: monitorReadLimit }, async () =>
  // The same key on every instance, changing only with AUTH_SECRET: a browser keeps it an hour.
  respond(
    monitorKeyResponseSchema,
    { alg: "ES256", jwk: monitorPublicJwk() },
    { headers: { "Cache-Control": "private, max-age=3600" } },
  ),
);
