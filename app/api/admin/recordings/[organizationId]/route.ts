// PUT /api/admin/recordings/{organizationId} - an operator sets an organization's recording mode ({ mode, consentRequired })
import { z } from "zod";
import { ApiError } from "@/lib/api/errors";
import { withOperator } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { recordAudit } from "@/lib/audit";
import { getDb } from "@/lib/db/client";
import { opsActionLimit } from "@/modules/console/lib/route-helpers";
import { recordingOverview } from "@/modules/recordings/lib/retention";
import {
  recordingOverviewSchema,
  recordingSettingsBodySchema,
} from "@/modules/recordings/lib/schemas";
import { setRecordingSettings } from "@/modules/recordings/lib/settings";

export const PUT = withOperator(
  {
    params: z.object({ organizationId: z.uuid() }),
    body: recordingSettingsBodySchema,
    rateLimit: opsActionLimit,
  },
  async ({ session, params, body, ip }) => {
    const db = await getDb();
    const org = await db.organization.findUnique({
      where: { id: params.organizationId },
      select: { id: true },
    });
    if (!org) throw new ApiError("not_found", "Organization not found");
    await setRecordingSettings(org.id, "manager", body);
    await recordAudit({
      actor: session.username,
      action: "organization.recording",
      outcome: "success",
      target: org.id,
      clientIp: ip,
      detail: body,
      fold: false,
    });
    return respond(recordingOverviewSchema, await recordingOverview());
  },
);
