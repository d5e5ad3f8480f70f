import * as r from "@/lib/client/rules";
import { DURATION_MAX, DURATION_MIN, DURATION_STEP, NOTE_MAX_CHARS } from "./limits";
import type { AddressOverride, Appointment, Contact, FacilityData, Note } from "./schemas";

// Facility data's browser-side check, without zod: the facility store is in
// the first load of /app/targets and of the dialer (a Callback outcome writes an appointment).
// lib/facility/schemas.ts keeps the zod schema (the types, and a backup file's import);
// tests/unit/client-rules.test.ts holds `facilityDataRule` to `facilityDataSchema`.

const id = r.string({ min: 1, max: 200 });
const timestamp = r.count;

const note: r.Rule<Note> = r.object({
  id,
  text: r.string({ trim: true, min: 1, max: NOTE_MAX_CHARS }),
  created: timestamp,
});

const appointment: r.Rule<Appointment> = r.object({
  id,
  ts: timestamp,
  durationMin: r.number({ int: true, min: DURATION_MIN, max: DURATION_MAX, step: DURATION_STEP }),
  note: r.optional(r.string({ trim: true, min: 1 })),
});

const contact: r.Rule<Contact> = r.refine(
  r.object({
    id,
    name: r.string({ trim: true }),
    email: r.string({ trim: true }),
    phone: r.string({ trim: true }),
  }),
  (c) => c.name !== "" || c.email !== "" || c.phone !== "",
);

const addressOverride: r.Rule<AddressOverride> = r.object({
  line1: r.string({ trim: true }),
  city: r.string({ trim: true }),
  state: r.string({ trim: true }),
  zip: r.string({ trim: true }),
});

/** `facilityDataSchema`: missing lists read as empty (entries written before a field existed). */
export const facilityDataRule: r.Rule<FacilityData> = r.object({
  notes: r.withDefault(r.array(note), []),
  appointments: r.withDefault(r.array(appointment), []),
  contacts: r.withDefault(r.array(contact), []),
  extraPhones: r.withDefault(r.array(r.string({ trim: true, min: 1 })), []),
  addressOverride: r.withDefault(r.nullable(addressOverride), null),
  dialCount: r.withDefault(r.count, 0),
});

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
