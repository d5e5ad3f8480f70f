import { z } from "zod";
import { VOICEMAIL_MIME_TYPES, VOICEMAIL_NAME_MAX } from "./constants";

// The voicemail API's rules and answers, shared by the routes and the browser (no server-only).

export const voicemailIdSchema = z.uuid().transform((id) => id.toLowerCase());

export const voicemailNameSchema = z.string().trim().min(1).max(VOICEMAIL_NAME_MAX);

/** POST /api/voicemails?name=…&durationMs=… (the body is the audio itself). */
export const voicemailUploadQuerySchema = z.object({
  name: voicemailNameSchema,
  durationMs: z.coerce
    .number()
    .int()
    .min(0)
    .max(30 * 60_000)
    .optional(),
});

export const voicemailPatchBodySchema = z
  .object({ name: voicemailNameSchema.optional(), isDefault: z.literal(true).optional() })
  .refine((b) => b.name !== undefined || b.isDefault !== undefined, "Nothing to change");
export type VoicemailPatchBody = z.infer<typeof voicemailPatchBodySchema>;

export const voicemailDtoSchema = z.object({
  id: z.string(),
  name: z.string(),
  mimeType: z.enum(VOICEMAIL_MIME_TYPES),
  bytes: z.number().int().nonnegative(),
  durationMs: z.number().int().nonnegative().nullable(),
  isDefault: z.boolean(),
  createdAt: z.string(),
});
export type VoicemailDto = z.infer<typeof voicemailDtoSchema>;

export const voicemailResponseSchema = z.object({ message: voicemailDtoSchema });
export const voicemailListSchema = z.object({ messages: z.array(voicemailDtoSchema) });
