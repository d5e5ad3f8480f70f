import "client-only";
import { useQuery } from "@tanstack/react-query";
import { RECORDING_MODES } from "@/modules/recordings/lib/constants";
import type { RecordingMode, RecordingSettings } from "@/modules/recordings/lib/schemas";
import { apiClient } from "@/lib/client/api-client";
import * as r from "@/lib/client/rules";

// The recording API as the browser calls it: the uploader's four calls, the team's
// recording settings, and the audio for the player and for a download. Answers are checked with
// lib/client/rules.ts, not zod: the dialer that uploads is on every /app page.

/** `recordingStateResponseSchema`, the part the uploader reads. */
const storedAnswer = r.object({ chunks: r.array(r.object({ index: r.count })) });

/** `recordingSettingsSchema`. */
export const recordingSettingsAnswer: r.Rule<RecordingSettings> = r.object({
  mode: r.oneOf(RECORDING_MODES),
  consentRequired: r.boolean,
  retentionDays: r.number({ int: true }),
  hearsTeam: r.boolean,
  consentNotice: r.withDefault(r.boolean, false),
});

const rep = "rep" as const;
const url = (id: string, tail = "") => `/api/recordings/${encodeURIComponent(id)}${tail}`;

export type RecordingApi = {
  start(id: string, callId: string, mimeType: string): Promise<unknown>;
  putChunk(id: string, index: number, chunk: Blob): Promise<unknown>;
  storedChunks(id: string): Promise<number[]>;
  finish(id: string, chunkCount: number, durationMs: number): Promise<unknown>;
};

export const recordingApi: RecordingApi = {
  start: (id, callId, mimeType) =>
    apiClient.put(url(id), { callId, mimeType }, { schema: r.unknownValue, credential: rep }),
  putChunk: (id, index, chunk) =>
    apiClient.put(url(id, `/chunks/${index}`), chunk, {
      schema: r.unknownValue,
      credential: rep,
    }),
  storedChunks: async (id) =>
    (await apiClient.get(url(id), { schema: storedAnswer, credential: rep })).chunks.map(
      (c) => c.index,
    ),
  finish: (id, chunkCount, durationMs) =>
    apiClient.post(
      url(id, "/finish"),
      { chunkCount, durationMs },
      { schema: r.unknownValue, credential: rep },
    ),
};

export const recordingSettingsKey = ["recording-settings"] as const;

export function fetchRecordingSettings() {
  return apiClient.get("/api/team/recording", { schema: recordingSettingsAnswer, credential: rep });
}

/** The team's recording mode and whether this member hears the whole team's recordings. */
export function useRecordingSettings() {
  return useQuery({
    queryKey: recordingSettingsKey,
    queryFn: fetchRecordingSettings,
    staleTime: 5 * 60_000,
  });
}

/** A manager sets the team's recording mode and whether a consent notice is required. */
export function saveTeamRecording(body: { mode: RecordingMode; consentRequired: boolean }) {
  return apiClient.put("/api/team/recording", body, {
    schema: recordingSettingsAnswer,
    credential: rep,
  });
}

/** A manager uploads the team's consent notice (an audio file of one of the voicemail types). */
export function uploadTeamConsentNotice(file: Blob, mime: string) {
  return apiClient.put("/api/team/recording/notice", file, {
    schema: recordingSettingsAnswer,
    credential: rep,
    headers: { "Content-Type": mime },
  });
}

/** The organization's consent notice, played to the far end before a recording starts. */
export async function fetchConsentNotice(): Promise<ArrayBuffer> {
  const { blob } = await apiClient.download("/api/team/recording/notice", { credential: rep });
  return blob.arrayBuffer();
}

/** The recording's audio with the rep's credential (an <audio src> could not carry it); audited. */
export function fetchRecordingAudio(
  id: string,
  opts: { download?: boolean; signal?: AbortSignal } = {},
) {
  return apiClient.download(url(id, "/audio"), {
    credential: rep,
    query: opts.download ? { download: "1" } : undefined,
    signal: opts.signal,
  });
}
