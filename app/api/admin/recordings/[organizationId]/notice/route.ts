// PUT /api/admin/recordings/{organizationId}/notice - an operator uploads an organization's consent notice (the body is the audio)
import { z } from "zod";
import { withOperator } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { opsActionLimit } from "@/modules/console/lib/route-helpers";
import { setOrganizationConsentNotice } from "@/modules/recordings/lib/operator-settings";
import { recordingOverviewSchema } from "@/modules/recordings/lib/schemas";

export const PUT = withOperator(
  { params: z.object({ organizationId: z.uuid() }), rateLimit: opsActionLimit },
  async ({ session, params, req, ip }) =>
    respond(
      recordingOverviewSchema,
      await setOrganizationConsentNotice({ session, ip }, params.organizationId, req),
    ),
);
