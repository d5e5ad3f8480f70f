import "server-only";
import crypto from "node:crypto";
import { ApiError } from "@/lib/api/errors";
import type { UserSession } from "@/lib/auth/sessions";
import { getDb } from "@/lib/db/client";
import { recordingStore, voicemailKey } from "@/modules/recordings/lib/storage";
import { VOICEMAIL_MAX_MESSAGES, type VoicemailMime } from "./constants";
import type { VoicemailDto, VoicemailPatchBody } from "./schemas";

// A rep's voicemail messages: theirs alone (another rep, a manager or another organization gets
// 404: a message is the rep's own voice, not a team record). The audio is written to the store
// before its row exists, under a fresh id, so a failed or refused upload never touches a stored
// message; a row whose write failed is never created.

type Who = Pick<UserSession, "userId" | "organizationId">;

const select = {
  id: true,
  organizationId: true,
  name: true,
  mimeType: true,
  bytes: true,
  sha256: true,
  durationMs: true,
  isDefault: true,
  createdAt: true,
} as const;

type Row = {
  id: string;
  organizationId: string;
  name: string;
  mimeType: string;
  bytes: number;
  sha256: string;
  durationMs: number | null;
  isDefault: boolean;
  createdAt: Date;
};

const notFound = () =>
  new ApiError("not_found", "Voicemail message not found", { code: "voicemail_not_found" });

export function toVoicemailDto(row: Row): VoicemailDto {
  return {
    id: row.id,
    name: row.name,
    mimeType: row.mimeType as VoicemailMime,
    bytes: row.bytes,
    durationMs: row.durationMs,
    isDefault: row.isDefault,
    createdAt: row.createdAt.toISOString(),
  };
}

async function own(who: Who, id: string): Promise<Row> {
  const db = await getDb();
  const row = await db.voicemailMessage.findFirst({
    where: { id, userId: who.userId, organizationId: who.organizationId },
    select,
  });
  if (!row) throw notFound();
  return row;
}

export async function listVoicemails(who: Who): Promise<VoicemailDto[]> {
  const db = await getDb();
  const rows = await db.voicemailMessage.findMany({
    where: { userId: who.userId, organizationId: who.organizationId },
    select,
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
  });
  return rows.map(toVoicemailDto);
}

export async function createVoicemail(
  who: Who,
  input: { name: string; mime: VoicemailMime; bytes: Uint8Array; durationMs?: number },
): Promise<VoicemailDto> {
  const db = await getDb();
  const count = await db.voicemailMessage.count({ where: { userId: who.userId } });
  if (count >= VOICEMAIL_MAX_MESSAGES) {
    throw new ApiError("conflict", `A rep keeps at most ${VOICEMAIL_MAX_MESSAGES} messages`, {
      code: "voicemail_limit",
    });
  }
  const id = crypto.randomUUID();
  const sha256 = crypto.createHash("sha256").update(input.bytes).digest("hex");
  const key = voicemailKey(who.organizationId, id, sha256);
  const store = await recordingStore();
  await store.put(key, input.bytes);
  try {
    const row = await db.$transaction(async (tx) => {
      // The first message becomes the default: Drop voicemail works without a second step.
      const hasDefault = await tx.voicemailMessage.count({
        where: { userId: who.userId, isDefault: true },
      });
      return tx.voicemailMessage.create({
        data: {
          id,
          organizationId: who.organizationId,
          userId: who.userId,
          name: input.name,
          mimeType: input.mime,
          bytes: input.bytes.byteLength,
          sha256,
          durationMs: input.durationMs ?? null,
          isDefault: hasDefault === 0,
        },
        select,
      });
    });
    return toVoicemailDto(row);
  } catch (error) {
    await store.deletePrefix(key).catch(() => undefined);
    throw error;
  }
}

export async function updateVoicemail(
  who: Who,
  id: string,
  body: VoicemailPatchBody,
): Promise<VoicemailDto> {
  await own(who, id);
  const db = await getDb();
  const row = await db.$transaction(async (tx) => {
    if (body.isDefault) {
      await tx.voicemailMessage.updateMany({
        where: { userId: who.userId, isDefault: true, NOT: { id } },
        data: { isDefault: false },
      });
    }
    return tx.voicemailMessage.update({
      where: { id },
      data: {
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.isDefault ? { isDefault: true } : {}),
      },
      select,
    });
  });
  return toVoicemailDto(row);
}

/** Deletes a message and its audio; when it was the default, the newest other one takes over. */
export async function deleteVoicemail(who: Who, id: string): Promise<void> {
  const row = await own(who, id);
  const db = await getDb();
  await db.$transaction(async (tx) => {
    await tx.voicemailMessage.delete({ where: { id } });
    if (!row.isDefault) return;
    const next = await tx.voicemailMessage.findFirst({
      where: { userId: who.userId },
      orderBy: { createdAt: "desc" },
      select: { id: true },
    });
    if (next)
      await tx.voicemailMessage.update({ where: { id: next.id }, data: { isDefault: true } });
  });
  const store = await recordingStore();
  await store.deletePrefix(voicemailKey(row.organizationId, id, row.sha256)).catch(() => undefined);
}

/** The message's audio, whole (a few hundred KB: the dialer decodes it before it plays). */
export async function voicemailAudio(who: Who, id: string): Promise<Response> {
  const row = await own(who, id);
  const store = await recordingStore();
  const bytes = await store.get(voicemailKey(row.organizationId, id, row.sha256));
  if (!bytes) throw notFound();
  return new Response(Buffer.from(bytes), {
    status: 200,
    headers: {
      "Content-Type": row.mimeType,
      "Content-Length": String(bytes.byteLength),
      "Cache-Control": "private, max-age=3600",
      "X-Content-Type-Options": "nosniff",
      "Content-Disposition": "inline",
    },
  });
}
