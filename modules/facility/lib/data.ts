import type { FacilityData } from "./schemas";

// The empty facility data. The browser's zod-free check of it is generated from
// `facilityDataSchema` (modules/facility/client/facility.gen.ts, npm run gen:rules).

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
