// GET /api/v1/do-not-call?cursor=&limit= - REST API: the do-not-call list, newest first
// POST /api/v1/do-not-call - REST API: add a number (201; 200 when it was already listed)
import { WithStatus, withApiKey } from "@/modules/integrations/lib/v1/with-api-key";
import { addDnc, listDnc } from "@/modules/do-not-call/lib/do-not-call";
import { dncReadLimit, dncWriteLimit } from "@/modules/do-not-call/lib/limits";
import { v1Routes } from "@/modules/integrations/lib/v1/routes";

export const GET = withApiKey(
  v1Routes.listDoNotCall,
  { rateLimit: dncReadLimit },
  async ({ session, query }) => listDnc(session, query),
);

export const POST = withApiKey(
  v1Routes.addDoNotCall,
  { rateLimit: dncWriteLimit },
  async ({ session, key, body }) => {
    // The entry names the key, not a person: the list shows who added what.
    const result = await addDnc(session, `api:${key.prefix}`, body.number, body.note ?? null);
    return result.created ? result : new WithStatus(200, result);
  },
);
