import { z } from "zod";
import {
  addressOverrideSchema,
  appointmentSchema,
  contactSchema,
  noteSchema,
} from "@/modules/facility/lib/schemas";
import { placeIdSchema } from "@/modules/calls/lib/schemas";
import { APPOINTMENT_TS_MAX, APPOINTMENT_TS_MIN, phoneItemId } from "./item-ids";

export { APPOINTMENT_TS_MAX, APPOINTMENT_TS_MIN, phoneItemId };

/*
 * Team account records: what a team keeps about a business (notes, contacts,
 * appointments, extra phones, the address override), on the server per organization and
 * place id, synced with each rep's browser store (modules/facility/lib/store.ts stays the local copy:
 * writes are instant and work offline, the sync engine sends them through an outbox and pulls
 * the team's changes since a cursor).
 *
 * The unit of sync is one item, named by (kind, itemId) within a place:
 *   - note, appointment, contact: the client's id (a UUID the browser generated);
 *   - phone: "phone:" + the number's digits (the same number added twice is one item);
 *   - address: "address" (one per place).
 * Each change is a whole item ("put") or its removal ("delete"); the server keeps deletions as
 * tombstones, so a deleted note, appointment or contact stays deleted whoever syncs later. The
 * address and a phone are named by what they hold, not made per item: a later put sets them
 * again. Per item the last writer wins by server time, except that a note is only changed or
 * deleted by its author.
 *
 * One definition for browser and server: the payloads are the facility store's own zod schemas
 * (modules/facility/lib/schemas.ts), so the server refuses exactly what the drawer refuses, with the
 * same messages.
 */

export const ACCOUNT_ITEM_KINDS = ["note", "appointment", "contact", "phone", "address"] as const;
export type AccountItemKind = (typeof ACCOUNT_ITEM_KINDS)[number];

/** At most this many changes in one push (the outbox sends in batches). */
export const ACCOUNT_PUSH_MAX = 100;
/** At most this many items in one pull page (`more` says whether to pull again). */
export const ACCOUNT_PULL_MAX = 500;

/** An extra phone: digits with the usual separators, a leading +, 3 to 20 digits. */
export const extraPhoneSchema = z
  .string()
  .trim()
  .regex(/^\+?[0-9 ().-]{3,40}$/, "Enter a phone number (digits, spaces, + - . ( ))")
  .refine((value) => {
    const digits = value.replace(/\D/g, "").length;
    return digits >= 3 && digits <= 20;
  }, "Enter a phone number with 3 to 20 digits");

export const phoneItemSchema = z.object({ phone: extraPhoneSchema });

export const accountAppointmentSchema = appointmentSchema.refine(
  (a) => a.ts >= APPOINTMENT_TS_MIN && a.ts < APPOINTMENT_TS_MAX,
  { message: "Choose an appointment time between the years 2000 and 2099", path: ["ts"] },
);

/** The largest item the server keeps, as JSON (legacy items included). */
export const ACCOUNT_ITEM_MAX_BYTES = 8 * 1024;

/**
 * Whether `itemId` names `data` (the same rule for the browser and the server; legacy items
 * too): the payload's `id` where it has one (note, appointment, contact), the phone's
 * `phoneItemId`, "address" for the address override. Returns the refusal's message, or null.
 */
export function itemIdMismatch(
  kind: AccountItemKind,
  itemId: string,
  data: unknown,
): string | null {
  const record =
    typeof data === "object" && data !== null && !Array.isArray(data)
      ? (data as Record<string, unknown>)
      : null;
  if (!record) return "An item is a JSON object";
  const fail = `The item id does not match its ${kind}`;
  switch (kind) {
    case "address":
      return itemId === "address" ? null : fail;
    case "phone":
      return typeof record.phone === "string" && phoneItemId(record.phone) === itemId ? null : fail;
    default:
      return record.id === undefined || record.id === itemId ? null : fail;
  }
}

/** The payload of each kind, as the browser store holds it. */
export const accountPayloadSchemas = {
  note: noteSchema,
  appointment: accountAppointmentSchema,
  contact: contactSchema,
  phone: phoneItemSchema,
  address: addressOverrideSchema,
} as const;

export type AccountPayload = {
  note: z.infer<typeof noteSchema>;
  appointment: z.infer<typeof accountAppointmentSchema>;
  contact: z.infer<typeof contactSchema>;
  phone: z.infer<typeof phoneItemSchema>;
  address: z.infer<typeof addressOverrideSchema>;
};

const itemIdSchema = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9:_-]+$/, "An item id is letters, digits, ':', '_' or '-'");

/**
 * One change from a rep's outbox. `data` is the whole item for "put" (checked against its
 * kind's schema by the server), absent for "delete". `legacy`: an item a browser stored before
 * records were shared, that today's rules refuse; the server keeps it as it is, marked "needs
 * fixing", instead of losing it.
 */
export const accountChangeSchema = z.strictObject({
  kind: z.enum(ACCOUNT_ITEM_KINDS),
  itemId: itemIdSchema,
  op: z.enum(["put", "delete"]),
  data: z.unknown().optional(),
  legacy: z.boolean().optional(),
});
export type AccountChange = z.infer<typeof accountChangeSchema>;

/**
 * What the rep saw of the business when they worked it: kept as the team's account record, so
 * that lists of callbacks name whom to call (modules/records/lib/accounts.ts).
 */
export const accountSummarySchema = z.strictObject({
  name: z.string().trim().min(1).max(200),
  phone: z.string().trim().max(40).nullish(),
  /** The place's UTC offset in minutes, as Google gives it (UTC-12 to UTC+14). */
  utcOffsetMinutes: z.number().int().min(-720).max(840).nullish(),
});
export type AccountSummary = z.infer<typeof accountSummarySchema>;

/** PUT /api/records/:placeId/items: a batch of changes, applied one by one (idempotent by id). */
export const accountPushBodySchema = z.strictObject({
  changes: z.array(accountChangeSchema).min(1).max(ACCOUNT_PUSH_MAX),
  account: accountSummarySchema.optional(),
});

/** One item as the team sees it now; `deleted` items carry no data (a tombstone). */
export const accountItemSchema = z.object({
  kind: z.enum(ACCOUNT_ITEM_KINDS),
  itemId: z.string(),
  data: z.unknown().nullable(),
  deleted: z.boolean(),
  needsFixing: z.boolean(),
  /** The username of whoever made the item, and of whoever changed it last. */
  createdBy: z.string(),
  updatedBy: z.string(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type AccountItem = z.infer<typeof accountItemSchema>;

/** A change the server refused, and why (the item is left as it was). */
export const accountRejectionSchema = z.object({
  kind: z.enum(ACCOUNT_ITEM_KINDS),
  itemId: z.string(),
  code: z.enum(["invalid", "not_author", "deleted"]),
  message: z.string(),
});

export const accountPushResponseSchema = z.object({
  /** The items as they stand after the push (applied or not), so the rep sees the outcome. */
  items: z.array(accountItemSchema),
  rejected: z.array(accountRejectionSchema),
});

/**
 * GET /api/records/:placeId/items?since=<cursor>: the place's items changed after the
 * cursor (all of them without one), oldest change first, and the cursor to pull from next.
 * The cursor is opaque to the browser.
 */
export const accountPullQuerySchema = z.object({
  since: z
    .string()
    .regex(/^[0-9]{1,19}$/, "Not a cursor")
    // Within PostgreSQL's bigint (zod runs this even after the regex refused the text).
    .refine((v) => !/^[0-9]+$/.test(v) || BigInt(v) <= 9223372036854775807n, "Not a cursor")
    .optional(),
});
export const accountPullResponseSchema = z.object({
  items: z.array(accountItemSchema),
  cursor: z.string(),
  more: z.boolean(),
});

export const accountPlaceParamsSchema = z.object({ placeId: placeIdSchema });

/** What a put stores, or why it is refused (`checkAccountPut`). */
export type AccountPutVerdict =
  { ok: true; data: unknown; needsFixing: boolean } | { ok: false; message: string };

/**
 * The server's check of one put, pure so the browser can run the same one before it sends:
 * bounded size, the id rule, then the kind's schema (the stored data is the schema's output,
 * trimmed as the drawer trims). A legacy item the schema refuses is kept as it is, marked
 * "needs fixing"; size and id rules hold for every item.
 */
export function checkAccountPut(
  kind: AccountItemKind,
  itemId: string,
  data: unknown,
  legacy = false,
): AccountPutVerdict {
  if (data === undefined || data === null) return { ok: false, message: "A put carries its item" };
  const json = JSON.stringify(data);
  if (new TextEncoder().encode(json).length > ACCOUNT_ITEM_MAX_BYTES) {
    return { ok: false, message: `An item is at most ${ACCOUNT_ITEM_MAX_BYTES} bytes of JSON` };
  }
  const mismatch = itemIdMismatch(kind, itemId, data);
  if (mismatch) return { ok: false, message: mismatch };
  const parsed = accountPayloadSchemas[kind].safeParse(data);
  if (parsed.success) {
    // Trimming never changes a phone's digits nor an id, so the id rule holds for what is stored.
    return { ok: true, data: parsed.data, needsFixing: false };
  }
  if (legacy) return { ok: true, data: JSON.parse(json) as unknown, needsFixing: true };
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? `${issue.path.join(".")}: ` : "";
  return { ok: false, message: `${where}${issue?.message ?? "Invalid item"}` };
}

/** Callbacks: how far back an overdue appointment is still listed, and how far ahead at most. */
export const CALLBACKS_OVERDUE_DAYS = 30;
export const CALLBACKS_AHEAD_MAX_DAYS = 31;
/** At most this many appointments in one answer (the nearest first). */
export const CALLBACKS_MAX = 500;

/**
 * GET /api/callbacks?scope=mine|team&days=: the appointments (callbacks included) due from
 * CALLBACKS_OVERDUE_DAYS ago to `days` ahead, the rep's own or the whole team's, soonest first.
 */
export const callbacksQuerySchema = z.object({
  scope: z.enum(["mine", "team"]).default("mine"),
  days: z.coerce.number().int().min(1).max(CALLBACKS_AHEAD_MAX_DAYS).default(7),
});

export const callbackSchema = z.object({
  placeId: z.string(),
  itemId: z.string(),
  dueAt: z.iso.datetime(),
  durationMin: z.number().nullable(),
  note: z.string().nullable(),
  /** A Callback outcome's (the screen labels it); false for other appointments. */
  callback: z.boolean(),
  /** The username of the rep who booked it, and whether that is the signed-in rep. */
  bookedBy: z.string(),
  mine: z.boolean(),
  /** The team's account record of the business, when one was kept. */
  business: z
    .object({
      name: z.string(),
      phone: z.string().nullable(),
      utcOffsetMinutes: z.number().nullable(),
    })
    .nullable(),
});
export type Callback = z.infer<typeof callbackSchema>;

export const callbacksResponseSchema = z.object({
  callbacks: z.array(callbackSchema),
  /** The server's clock, which "overdue" is measured against. */
  now: z.iso.datetime(),
  /** More appointments are in the window than CALLBACKS_MAX. */
  truncated: z.boolean(),
});
export type CallbacksResponse = z.infer<typeof callbacksResponseSchema>;
