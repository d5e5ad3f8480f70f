// PUT /api/admin/recordings/{organizationId}/notice - an operator uploads an organization's consent notice (the body is the audio)
import { z } from "zod";
import { ApiError } from "@/lib/api/errors";
import { withOperator } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { recordAudit } from "@/lib/audit";
import { getDb } from "@/lib/db/client";
import { opsActionLimit } from "@/modules/console/lib/route-helpers";
import { setConsentNotice } from "@/modules/recordings/lib/consent-notice";
import { recordingOverview } from "@/modules/recordings/lib/retention";
import { recordingOverviewSchema } from "@/modules/recordings/lib/schemas";
import { readVoicemailUpload } from "@/modules/voicemail/lib/read-upload";

export const PUT = withOperator(
  { params: z.object({ organizationId: z.uuid() }), rateLimit: opsActionLimit },
  async ({ session, params, req, ip }) => {
    const db = await getDb();
    const org = await db.organization.findUnique({
      where: { id: params.organizationId },
      select: { id: true },
    });
    if (!org) throw new ApiError("not_found", "Organization not found");
    const stored = await setConsentNotice(org.id, await readVoicemailUpload(req));
    await recordAudit({
      actor: session.username,
      action: "organization.consent_notice",
      outcome: "success",
      target: org.id,
      clientIp: ip,
      detail: stored,
      fold: false,
    });
    return respond(recordingOverviewSchema, await recordingOverview());
  },
);
