// Facility data's limits (spec 3 "Facility local data", 5 "Validation rules", 9 "Business
// constants"): one place for the zod schema (./schemas.ts), the browser's check (./data.ts) and
// the forms.
export const NOTE_MAX_CHARS = 1000;
export const DURATION_MIN = 5;
export const DURATION_MAX = 480;
export const DURATION_STEP = 5;
export const DURATION_DEFAULT = 30;

/** A contact needs a name, an email or a phone: `contactSchema`'s refinement and its rule's. */
export function contactHasDetails(contact: { name: string; email: string; phone: string }) {
  return contact.name !== "" || contact.email !== "" || contact.phone !== "";
}
