import "client-only";
import { useQuery } from "@tanstack/react-query";
import { VOICEMAIL_MIME_TYPES } from "@/modules/voicemail/lib/constants";
import type { VoicemailDto } from "@/modules/voicemail/lib/schemas";
import { apiClient } from "@/lib/client/api-client";
import * as r from "@/lib/client/rules";

// The voicemail API as the browser calls it (voicemail drop): the rep's messages for
// Settings, and the default's audio for the dialer. Answers are checked with lib/client/rules.ts,
// not zod: the dialer that drops a message is on every /app page.

/** `voicemailDtoSchema`. */
const messageRule: r.Rule<VoicemailDto> = r.object({
  id: r.uuid,
  name: r.string(),
  mimeType: r.oneOf(VOICEMAIL_MIME_TYPES),
  bytes: r.count,
  durationMs: r.nullable(r.count),
  isDefault: r.boolean,
  createdAt: r.string(),
});
const listRule = r.object({ messages: r.array(messageRule) });
const oneRule = r.object({ message: messageRule });

const rep = "rep" as const;
const url = (id: string, tail = "") => `/api/voicemails/${encodeURIComponent(id)}${tail}`;

export const voicemailsKey = ["voicemails"] as const;

export async function fetchVoicemails(signal?: AbortSignal): Promise<VoicemailDto[]> {
  return (await apiClient.get("/api/voicemails", { schema: listRule, credential: rep, signal }))
    .messages;
}

/** The rep's messages, newest first (Settings' list and the dialer's default). */
export function useVoicemails(enabled = true) {
  return useQuery({
    queryKey: voicemailsKey,
    queryFn: ({ signal }) => fetchVoicemails(signal),
    staleTime: 60_000,
    enabled,
  });
}

export async function uploadVoicemail(audio: Blob, name: string, durationMs: number | null) {
  const query = new URLSearchParams({ name });
  if (durationMs !== null) query.set("durationMs", String(Math.round(durationMs)));
  return (
    await apiClient.post(`/api/voicemails?${query}`, audio, {
      schema: oneRule,
      credential: rep,
      headers: { "Content-Type": audio.type || "application/octet-stream" },
    })
  ).message;
}

export async function updateVoicemail(id: string, body: { name?: string; isDefault?: true }) {
  return (await apiClient.patch(url(id), body, { schema: oneRule, credential: rep })).message;
}

export async function deleteVoicemail(id: string) {
  return (await apiClient.delete(url(id), { schema: listRule, credential: rep })).messages;
}

/** The message's audio (an <audio src> could not carry the rep's credential). */
export async function fetchVoicemailAudio(id: string, signal?: AbortSignal): Promise<Blob> {
  return (await apiClient.download(url(id, "/audio"), { credential: rep, signal })).blob;
}
