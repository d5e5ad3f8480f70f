import { z } from "zod";

// GET /api/account/export (Export Data): what a rep gets of their own data. Shared by
// the route (checked by respond()) and the tests; the browser only saves the file.

export const EXPORT_FORMAT = "dialflow-account-export";
export const EXPORT_VERSION = 1;

const isoTime = z.string().datetime();

export const exportedCallSchema = z.object({
  id: z.string(),
  placeId: z.string().nullable(),
  direction: z.string(),
  dialedDigits: z.string(),
  dialedNumber: z.string().nullable(),
  originatingNumber: z.string().nullable(),
  startedAt: isoTime,
  connectedAt: isoTime.nullable(),
  endedAt: isoTime.nullable(),
  talkSeconds: z.number().int().nullable(),
  endReason: z.string().nullable(),
  outcome: z.string().nullable(),
  disposition: z.string().nullable(),
  note: z.string().nullable(),
  /** A decimal string ("1250.00"), so no amount is rounded through a float. */
  saleAmount: z.string().nullable(),
  callbackAt: isoTime.nullable(),
});

export const exportedRecordSchema = z.object({
  placeId: z.string(),
  /** The business's name as the team's account record has it, when it has one. */
  business: z.string().nullable(),
  kind: z.string(),
  itemId: z.string(),
  data: z.unknown(),
  createdAt: isoTime,
  updatedAt: isoTime,
});

export const accountExportSchema = z.object({
  format: z.literal(EXPORT_FORMAT),
  version: z.literal(EXPORT_VERSION),
  exportedAt: isoTime,
  profile: z.object({
    username: z.string(),
    email: z.string().nullable(),
    emailVerified: z.boolean(),
    organization: z.string(),
    createdAt: isoTime,
  }),
  /** The calls the rep made or took, oldest first. */
  calls: z.array(exportedCallSchema),
  /** The notes, appointments, contacts, phones and addresses the rep wrote (not deleted). */
  records: z.array(exportedRecordSchema),
});
export type AccountExport = z.infer<typeof accountExportSchema>;
