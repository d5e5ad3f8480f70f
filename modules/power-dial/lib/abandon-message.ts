import "server-only";
import crypto from "node:crypto";
import { ApiError } from "@/lib/api/errors";
import { getDb } from "@/lib/db/client";
import { abandonMessageKey, recordingStore } from "@/modules/recordings/lib/storage";
import type { VoicemailMime } from "@/modules/voicemail/lib/constants";
import type { AbandonmentMessage } from "./schemas";

// The team's abandonment message: what a person the parallel dialer could not connect to a rep
// hears within 2 s (the team's name and a number to call back). Managers upload it as a voicemail
// message is uploaded (modules/voicemail/lib/read-upload.ts checks it before anything is
// written); it is kept under its checksum, so a new message is a new object and the old one goes
// only once the row points away. Any member's dialer reads the audio: it plays it.

const missing = () =>
  new ApiError("not_found", "No abandonment message is set up", {
    code: "abandonment_message_missing",
  });

const select = {
  abandonMessageMime: true,
  abandonMessageBytes: true,
  abandonMessageSha256: true,
} as const;

/** The stored message's type, size and checksum; null while none is uploaded. */
export async function abandonmentMessageOf(
  organizationId: string,
): Promise<AbandonmentMessage | null> {
  const db = await getDb();
  const org = await db.organization.findUniqueOrThrow({ where: { id: organizationId }, select });
  if (!org.abandonMessageMime || !org.abandonMessageSha256 || !org.abandonMessageBytes) return null;
  return {
    mimeType: org.abandonMessageMime as VoicemailMime,
    bytes: org.abandonMessageBytes,
    sha256: org.abandonMessageSha256,
  };
}

/** Stores a new message (already checked) and drops the one it replaces. */
export async function setAbandonmentMessage(
  organizationId: string,
  input: { mime: VoicemailMime; bytes: Uint8Array },
): Promise<AbandonmentMessage> {
  const db = await getDb();
  const before = await abandonmentMessageOf(organizationId);
  const sha256 = crypto.createHash("sha256").update(input.bytes).digest("hex");
  const store = await recordingStore();
  await store.put(abandonMessageKey(organizationId, sha256), input.bytes);
  await db.organization.update({
    where: { id: organizationId },
    data: {
      abandonMessageMime: input.mime,
      abandonMessageBytes: input.bytes.byteLength,
      abandonMessageSha256: sha256,
    },
  });
  if (before && before.sha256 !== sha256) {
    await store
      .deletePrefix(abandonMessageKey(organizationId, before.sha256))
      .catch(() => undefined);
  }
  return { mimeType: input.mime, bytes: input.bytes.byteLength, sha256 };
}

/** Deletes the message and its audio; 404 when there is none. Returns what was deleted. */
export async function deleteAbandonmentMessage(organizationId: string) {
  const before = await abandonmentMessageOf(organizationId);
  if (!before) throw missing();
  const db = await getDb();
  await db.organization.update({
    where: { id: organizationId },
    data: { abandonMessageMime: null, abandonMessageBytes: null, abandonMessageSha256: null },
  });
  const store = await recordingStore();
  await store.deletePrefix(abandonMessageKey(organizationId, before.sha256)).catch(() => undefined);
  return before;
}

/** The message's audio, for the dialer to play to an abandoned person (any member). */
export async function abandonmentMessageAudio(organizationId: string): Promise<Response> {
  const message = await abandonmentMessageOf(organizationId);
  if (!message) throw missing();
  const store = await recordingStore();
  const bytes = await store.get(abandonMessageKey(organizationId, message.sha256));
  if (!bytes) throw missing();
  return new Response(Buffer.from(bytes), {
    status: 200,
    headers: {
      "Content-Type": message.mimeType,
      "Content-Length": String(bytes.byteLength),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
