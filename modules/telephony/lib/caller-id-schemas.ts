/**
 * Local caller ID: the rules for an organization's caller IDs and the bodies of the
 * console's /api/admin/telephony/:organizationId/caller-ids routes, shared by the route handlers
 * and the operator console's form (browser-safe, no server code). The form checks as typed with
 * `checkCallerId` (its error keys are message keys); the server applies the same rules and
 * answers their English texts.
 */
import { z } from "zod";
import { countryOf, toE164 } from "@/modules/calls/lib/phone";
import { areaCodeOf, regionOf } from "./caller-id-match";

/** Caller IDs per organization: local presence needs a handful per state, not thousands. */
export const CALLER_IDS_MAX = 200;

export type CallerIdError =
  "numberRequired" | "numberInvalid" | "regionInvalid" | "regionCountry" | "tooMany";

export const callerIdErrorText: Record<CallerIdError, string> = {
  numberRequired: "Enter the number",
  numberInvalid:
    "Enter a phone number in international format, e.g. +1 512 555 0100 (a number without a country code is read as North American)",
  regionInvalid:
    "Enter the region as an ISO 3166-2 code such as US-TX or GB-LND, or leave it empty",
  regionCountry: "The region must be in the number's country",
  tooMany: `An organization keeps at most ${CALLER_IDS_MAX} caller IDs`,
};

const REGION = /^[A-Z]{2}-[A-Z0-9]{1,3}$/;

/** The number in E.164, or why it is refused. Without "+" it is read as North American. */
export function readCallerIdNumber(raw: string): { number: string } | { error: CallerIdError } {
  const text = raw.trim();
  if (!text) return { error: "numberRequired" };
  if (!/^\+?[\d\s().-]{4,32}$/.test(text)) return { error: "numberInvalid" };
  const number = toE164(text);
  // A caller ID is presented to strangers: it must be a real (valid) number of a known country.
  if (!number || !countryOf(number)) return { error: "numberInvalid" };
  return { number };
}

/** Checks a number and optional region as the server will; keys of the errors by field. */
export function checkCallerId(input: { number: string; region?: string | null }) {
  const errors: { number?: CallerIdError; region?: CallerIdError } = {};
  const read = readCallerIdNumber(input.number);
  if ("error" in read) errors.number = read.error;
  const region = (input.region ?? "").trim().toUpperCase();
  if (region) {
    if (!REGION.test(region)) errors.region = "regionInvalid";
    else if ("number" in read && region.slice(0, 2) !== countryOf(read.number)) {
      errors.region = "regionCountry";
    }
  }
  return errors;
}

/** POST /api/admin/telephony/:organizationId/caller-ids: one number to add to the pool. */
export const callerIdBodySchema = z
  .strictObject({
    number: z.string().max(64),
    region: z.string().max(16).nullish(),
    isDefault: z.boolean().optional(),
  })
  .superRefine((body, ctx) => {
    const errors = checkCallerId(body);
    for (const [field, error] of Object.entries(errors)) {
      ctx.addIssue({ code: "custom", path: [field], message: callerIdErrorText[error] });
    }
  })
  .transform((body) => {
    const read = readCallerIdNumber(body.number);
    const region = (body.region ?? "").trim().toUpperCase();
    return {
      number: "number" in read ? read.number : "",
      region: region || null,
      isDefault: body.isDefault ?? false,
    };
  });
export type CallerIdBody = z.output<typeof callerIdBodySchema>;

/** PATCH /api/admin/telephony/:organizationId/caller-ids/:callerIdId: make it the default. */
export const callerIdPatchSchema = z.strictObject({ isDefault: z.literal(true) });

export const callerIdParamsSchema = z.object({
  organizationId: z.uuid(),
  callerIdId: z.uuid(),
});

/** One caller ID as the console shows it. */
export const callerIdSchema = z.object({
  id: z.uuid(),
  number: z.string(),
  country: z.string(),
  /** The NANP area code, null outside +1. */
  areaCode: z.string().nullable(),
  /** The region calls are matched on: the one given, else the area code's. */
  region: z.string().nullable(),
  /** Whether the operator gave the region (false: derived from the area code). */
  regionGiven: z.boolean(),
  isDefault: z.boolean(),
  createdBy: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  /** Approved by an operator (or added by one): only verified numbers are presented on calls. */
  verified: z.boolean(),
});
export type CallerId = z.infer<typeof callerIdSchema>;

/** A manager's view of their own team's pool (/api/team/caller-ids): the numbers only. */
export const teamCallerIdsResponseSchema = z.object({ callerIds: z.array(callerIdSchema) });

/** The pool's row as the console sees it. */
export function callerIdView(row: {
  id: string;
  number: string;
  country: string;
  region: string | null;
  isDefault: boolean;
  createdBy: string;
  createdAt: Date;
  verifiedAt: Date | null;
}): CallerId {
  return {
    id: row.id,
    number: row.number,
    country: row.country,
    areaCode: areaCodeOf(row.number),
    region: regionOf(row.number, row.region),
    regionGiven: row.region !== null,
    isDefault: row.isDefault,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    verified: row.verifiedAt !== null,
  };
}
