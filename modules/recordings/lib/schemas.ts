import { z } from "zod";
import { RECORDING_MIME_TYPES, RECORDING_MODES, RECORDING_STATUSES } from "./constants";

export { RECORDING_MIME_TYPES, RECORDING_MODES, RECORDING_STATUSES };

// The recording API's rules and answers, shared by the routes and the browser (no server-only).

export type RecordingBaseMime = (typeof RECORDING_MIME_TYPES)[number];

/** `audio/webm;codecs=opus` → `audio/webm`; null when it is not one the server keeps. */
export function baseMimeOf(mimeType: string): RecordingBaseMime | null {
  const base = mimeType.split(";")[0]!.trim().toLowerCase();
  return (RECORDING_MIME_TYPES as readonly string[]).includes(base)
    ? (base as RecordingBaseMime)
    : null;
}

export const recordingMimeSchema = z
  .string()
  .trim()
  .max(100)
  .regex(/^[a-z]+\/[a-z0-9.+-]+(\s*;\s*[a-z0-9-]+=("[^"]*"|[a-z0-9.,+-]+))*$/i, "Not a media type")
  .refine((v) => baseMimeOf(v) !== null, "Only audio/webm and audio/ogg recordings are kept");

export const recordingIdSchema = z.uuid().transform((id) => id.toLowerCase());
export const chunkIndexSchema = z.coerce.number().int().min(0).max(99_999);

export type RecordingMode = (typeof RECORDING_MODES)[number];

export const startRecordingBodySchema = z.object({
  callId: z.string().trim().min(1).max(64),
  mimeType: recordingMimeSchema,
});

export const finishRecordingBodySchema = z.object({
  /** How many chunks the browser sent (0..chunkCount-1 must all be stored). */
  chunkCount: z.number().int().min(0).max(100_000),
  durationMs: z
    .number()
    .int()
    .min(0)
    .max(24 * 3600_000),
});

export const recordingDtoSchema = z.object({
  id: z.string(),
  callId: z.string(),
  status: z.enum(RECORDING_STATUSES),
  mimeType: z.string(),
  bytes: z.number().int().nonnegative(),
  chunkCount: z.number().int().nonnegative(),
  durationMs: z.number().int().nonnegative().nullable(),
  startedAt: z.string(),
  deletedAt: z.string().nullable(),
});
export type RecordingDto = z.infer<typeof recordingDtoSchema>;

export const recordingResponseSchema = z.object({ recording: recordingDtoSchema });

/** What is stored, so an interrupted upload resumes at the first missing chunk. */
export const recordingStateResponseSchema = z.object({
  recording: recordingDtoSchema,
  chunks: z.array(
    z.object({ index: z.number().int(), size: z.number().int(), sha256: z.string() }),
  ),
});

export const chunkResponseSchema = z.object({
  index: z.number().int(),
  size: z.number().int(),
  sha256: z.string(),
  /** false: the same bytes were already stored (a retry), nothing changed. */
  stored: z.boolean(),
});

/**
 * The recording summary every call in the Call Log carries. Who may play it (the rep who made
 * the call, the team's managers) the screen decides from the call's agent and the reader's role;
 * the audio route enforces it.
 */
export const callRecordingSummarySchema = z.object({
  id: z.string(),
  status: z.enum(RECORDING_STATUSES),
  durationMs: z.number().int().nonnegative().nullable(),
});
export type CallRecordingSummary = z.infer<typeof callRecordingSummarySchema>;

export const recordingSettingsSchema = z.object({
  mode: z.enum(RECORDING_MODES),
  consentRequired: z.boolean(),
  retentionDays: z.number().int(),
  /** Whether the reader may play the whole team's recordings (a manager), not only their own. */
  hearsTeam: z.boolean(),
  /** Whether a consent notice is uploaded (GET /api/team/recording/notice plays it). */
  consentNotice: z.boolean(),
});
export type RecordingSettings = z.infer<typeof recordingSettingsSchema>;

export const recordingSettingsBodySchema = z.object({
  mode: z.enum(RECORDING_MODES),
  consentRequired: z.boolean(),
});

/** The operator console's Call recordings panel: storage use, retention, each team's mode. */
export const recordingOverviewSchema = z.object({
  store: z.enum(["local", "s3"]),
  bytes: z.number().int().nonnegative(),
  recordings: z.number().int().nonnegative(),
  deleted: z.number().int().nonnegative(),
  retentionDays: z.number().int(),
  /** What each organization may keep (RECORDING_ORG_QUOTA_BYTES); its `bytes` count toward it. */
  quotaBytes: z.number().int().positive(),
  organizations: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      mode: z.enum(RECORDING_MODES),
      consentRequired: z.boolean(),
      consentNotice: z.boolean(),
      bytes: z.number().int().nonnegative(),
    }),
  ),
});
export type RecordingOverview = z.infer<typeof recordingOverviewSchema>;
