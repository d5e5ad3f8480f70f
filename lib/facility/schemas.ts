import { z } from "zod";

// Spec 3 "Facility local data", 5 "Validation rules", 9 "Business constants".
export const NOTE_MAX_CHARS = 1000;
export const DURATION_MIN = 5;
export const DURATION_MAX = 480;
export const DURATION_STEP = 5;
export const DURATION_DEFAULT = 30;

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
});

export const contactSchema = z
  .object({
    id,
    name: z.string().trim(),
    email: z.string().trim(),
    phone: z.string().trim(),
  })
  .refine((c) => c.name !== "" || c.email !== "" || c.phone !== "", {
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

export const emptyFacilityData: FacilityData = Object.freeze({
  notes: [],
  appointments: [],
  contacts: [],
  extraPhones: [],
  addressOverride: null,
  dialCount: 0,
}) as FacilityData;

export function isEmptyFacilityData(d: FacilityData): boolean {
  return (
    d.notes.length === 0 &&
    d.appointments.length === 0 &&
    d.contacts.length === 0 &&
    d.extraPhones.length === 0 &&
    d.addressOverride === null &&
    d.dialCount === 0
  );
}
