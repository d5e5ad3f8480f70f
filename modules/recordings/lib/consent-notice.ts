import "server-only";
import crypto from "node:crypto";
import { ApiError } from "@/lib/api/errors";
import { getDb } from "@/lib/db/client";
import type { VoicemailMime } from "@/modules/voicemail/lib/constants";
import { consentNoticeKey, recordingStore } from "./storage";

// An organization's recording consent notice: an audio file an operator (console) or
// the team's managers upload, played to the far end before a recording starts. Checked like a
// voicemail message (modules/voicemail/lib/read-upload.ts) before anything is written; stored under its
// checksum, so a new notice is a new object and the old one goes only once the row points away.

const missing = () =>
  new ApiError("not_found", "No consent notice is set up", { code: "consent_notice_missing" });

export async function setConsentNotice(
  organizationId: string,
  input: { mime: VoicemailMime; bytes: Uint8Array },
) {
  const db = await getDb();
  const before = await db.organization.findUniqueOrThrow({
    where: { id: organizationId },
    select: { consentNoticeSha256: true },
  });
  const sha256 = crypto.createHash("sha256").update(input.bytes).digest("hex");
  const store = await recordingStore();
  await store.put(consentNoticeKey(organizationId, sha256), input.bytes);
  await db.organization.update({
    where: { id: organizationId },
    data: {
      consentNoticeMime: input.mime,
      consentNoticeBytes: input.bytes.byteLength,
      consentNoticeSha256: sha256,
    },
  });
  if (before.consentNoticeSha256 && before.consentNoticeSha256 !== sha256) {
    await store
      .deletePrefix(consentNoticeKey(organizationId, before.consentNoticeSha256))
      .catch(() => undefined);
  }
  return { bytes: input.bytes.byteLength, sha256 };
}

/** The notice's audio, for the dialer to play (any member of the organization). */
export async function consentNoticeAudio(organizationId: string): Promise<Response> {
  const db = await getDb();
  const org = await db.organization.findUniqueOrThrow({
    where: { id: organizationId },
    select: { consentNoticeSha256: true, consentNoticeMime: true },
  });
  if (!org.consentNoticeSha256 || !org.consentNoticeMime) throw missing();
  const store = await recordingStore();
  const bytes = await store.get(consentNoticeKey(organizationId, org.consentNoticeSha256));
  if (!bytes) throw missing();
  return new Response(Buffer.from(bytes), {
    status: 200,
    headers: {
      "Content-Type": org.consentNoticeMime,
      "Content-Length": String(bytes.byteLength),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
