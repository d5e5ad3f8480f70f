// PUT /api/admin/recordings/{organizationId} - an operator sets an organization's recording mode ({ mode, consentRequired })
import { z } from "zod";
import { withOperator } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { opsActionLimit } from "@/modules/console/lib/route-helpers";
import { setOrganizationRecording } from "@/modules/recordings/lib/operator-settings";
import {
  recordingOverviewSchema,
  recordingSettingsBodySchema,
} from "@/modules/recordings/lib/schemas";

export const PUT = withOperator(
  {
    params: z.object({ organizationId: z.uuid() }),
    body: recordingSettingsBodySchema,
    rateLimit: opsActionLimit,
  },
  async ({ session, params, body, ip }) =>
    respond(
      recordingOverviewSchema,
      await setOrganizationRecording({ session, ip }, params.organizationId, body),
    ),
);
