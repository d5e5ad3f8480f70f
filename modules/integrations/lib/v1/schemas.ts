/**
 * The REST API's own shapes: only what the app's routes have no schema for (the list
 * of account records, one call by id). Everything else in modules/integrations/lib/v1/routes.ts is the
 * app's schemas themselves.
 */
import { z } from "zod";
import { callIdSchema, callListQuerySchema } from "@/modules/calls/lib/schemas";

/** GET /api/v1/calls: the Call Log's query; the API always reads the whole team's calls. */
export const v1CallListQuerySchema = callListQuerySchema.omit({ scope: true });

export const v1CallParamsSchema = z.object({ id: callIdSchema });

/** GET /api/v1/records: the team's account records, most recently changed first. */
export const v1RecordListQuerySchema = z.object({
  /** The nextCursor of the previous page. */
  cursor: z.string().max(400).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const v1RecordSchema = z.object({
  placeId: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  utcOffsetMinutes: z.number().int().nullable(),
  updatedBy: z.string(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type V1Record = z.infer<typeof v1RecordSchema>;

export const v1RecordListResponseSchema = z.object({
  records: z.array(v1RecordSchema),
  nextCursor: z.string().nullable(),
});

export const v1ErrorSchema = z.object({
  error: z.string(),
  code: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
