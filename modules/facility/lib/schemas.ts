import { z } from "zod";
import {
  contactHasDetails,
  DURATION_MAX,
  DURATION_MIN,
  DURATION_STEP,
  NOTE_MAX_CHARS,
} from "./limits";

// The limits live in ./limits.ts, the empty value in ./data.ts; the browser's zod-free check is
// generated from this schema (modules/facility/client/facility.gen.ts, npm run gen:rules: the store
// is in first loads that must not bring zod); this schema gives the types and checks imports.

const id = z.string().min(1).max(200);
const timestamp = z.number().int().nonnegative();

export const noteSchema = z.object({
  id,
  text: z.string().trim().min(1).max(NOTE_MAX_CHARS),
  created: timestamp,
});

export const appointmentSchema = z.object({
  id,
  ts: timestamp,
  durationMin: z.number().int().min(DURATION_MIN).max(DURATION_MAX).multipleOf(DURATION_STEP),
  note: z.string().trim().min(1).optional(),
  /**
   * A Callback outcome's appointment: screens label it in their own language ("Callback",
   * «معاودة الاتصال»), so the note keeps only what the rep wrote.
   */
  kind: z.literal("callback").optional(),
});

export const contactSchema = z
  .object({
    id,
    name: z.string().trim(),
    email: z.string().trim(),
    phone: z.string().trim(),
  })
  .refine(contactHasDetails, {
    message: "A contact needs a name, an email or a phone",
  });

export const addressOverrideSchema = z.object({
  line1: z.string().trim(),
  city: z.string().trim(),
  state: z.string().trim(),
  zip: z.string().trim(),
});

/**
 * Everything the rep keeps about one place, in the browser only. Missing lists read as empty
 * so that an entry written before a field existed still validates.
 */
export const facilityDataSchema = z.object({
  notes: z.array(noteSchema).default([]),
  appointments: z.array(appointmentSchema).default([]),
  contacts: z.array(contactSchema).default([]),
  extraPhones: z.array(z.string().trim().min(1)).default([]),
  addressOverride: addressOverrideSchema.nullable().default(null),
  dialCount: z.number().int().nonnegative().default(0),
});

export type Note = z.infer<typeof noteSchema>;
export type Appointment = z.infer<typeof appointmentSchema>;
export type Contact = z.infer<typeof contactSchema>;
export type AddressOverride = z.infer<typeof addressOverrideSchema>;
export type FacilityData = z.infer<typeof facilityDataSchema>;
