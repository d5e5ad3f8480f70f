import { z } from "zod";

// Shapes of the do-not-call routes (/api/do-not-call/*, /api/v1/do-not-call/*), shared by the
// route handlers and the browser's API client (browser-safe).

export const dncNoteMax = 200;
export const dncEntrySchema = z.object({
  number: z.string(),
  note: z.string().nullable(),
  addedBy: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type DncEntry = z.infer<typeof dncEntrySchema>;

/** GET /api/do-not-call: one page of the list, newest first. */
export const dncPageDefault = 200;
export const dncPageMax = 1000;
export const dncListQuerySchema = z.object({
  /** The nextCursor of the previous page. */
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(dncPageMax).default(dncPageDefault),
});
export type DncListQuery = z.output<typeof dncListQuerySchema>;
export const dncListResponseSchema = z.object({
  numbers: z.array(dncEntrySchema),
  /** Every entry of the list, not only this page's. */
  total: z.number().int(),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type DncListResponse = z.infer<typeof dncListResponseSchema>;
export const dncAddBodySchema = z.object({
  number: z
    .string({ error: "Phone number is required" })
    .trim()
    .min(1, "Phone number is required")
    .max(40, "Phone number must be at most 40 characters"),
  note: z
    .string()
    .trim()
    .max(dncNoteMax, `Note must be at most ${dncNoteMax} characters`)
    .optional(),
});
export const dncAddResponseSchema = z.object({ entry: dncEntrySchema, created: z.boolean() });
/** DELETE /api/do-not-call/{number}: `released` is true (the number may call again). */
export const dncRemoveResponseSchema = z.object({ released: z.boolean() });
export const dncNumberParamsSchema = z.object({
  number: z.string().regex(/^\+[1-9]\d{6,14}$/, "number must be in E.164 format (+15125550101)"),
});
export const dncImportBodySchema = z.object({
  csv: z.string().max(1_000_000, "The file is too large"),
});
export const dncImportResponseSchema = z.object({
  added: z.number().int(),
  existing: z.number().int(),
  invalid: z.array(z.object({ line: z.number().int(), value: z.string() })),
});
export type DncImportResponse = z.infer<typeof dncImportResponseSchema>;
export const dncCheckQuerySchema = z.object({
  number: z.string().trim().min(1, "number is required").max(40),
});
export const dncCheckResponseSchema = z.object({
  number: z.string().nullable(),
  doNotCall: z.boolean(),
});
