// GET /api/v1/openapi.json - the REST API's OpenAPI 3.1 reference, generated from the routes' schemas
import { withPublic } from "@/lib/api/handler";
import { appUrl } from "@/lib/env";
import { buildOpenApiDocument } from "@/modules/integrations/lib/v1/openapi";

let document: ReturnType<typeof buildOpenApiDocument> | undefined;

// Public: the reference says nothing a key would protect. Built once per process.
export const GET = withPublic({}, async () => {
  document ??= buildOpenApiDocument(appUrl);
  return Response.json(document, { headers: { "Cache-Control": "public, max-age=300" } });
});
