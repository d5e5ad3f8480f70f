import type { FacilityData, AddressOverride } from "./schemas";
import {
  checkAppointmentDraft,
  checkContactDraft,
  checkNoteDraft,
  normaliseAddressOverride,
  normaliseExtraPhone,
  type AppointmentDraft,
  type ContactDraft,
} from "./validation";

/**
 * Pure updaters: each takes the current data and returns the next. When the input is rejected
 * or changes nothing they return the very same object, so the store can skip the write and the
 * `Saved` flash.
 */
export type Updater = (data: FacilityData) => FacilityData;

/** What a new item needs from the outside world, injected so updaters stay pure. */
export type NewItem = { id: string; now: number };

export const addNote =
  (draft: string, item: NewItem): Updater =>
  (data) => {
    const checked = checkNoteDraft(draft);
    if (!checked.ok) return data;
    return {
      ...data,
      notes: [...data.notes, { id: item.id, text: checked.value, created: item.now }],
    };
  };

export const addAppointment =
  (draft: AppointmentDraft, item: Pick<NewItem, "id"> & { kind?: "callback" }): Updater =>
  (data) => {
    const checked = checkAppointmentDraft(draft);
    if (!checked.ok) return data;
    const kind = item.kind ? { kind: item.kind } : {};
    const appointments = [...data.appointments, { id: item.id, ...checked.value, ...kind }];
    appointments.sort((a, b) => a.ts - b.ts);
    return { ...data, appointments };
  };

export const addContact =
  (draft: ContactDraft, item: Pick<NewItem, "id">): Updater =>
  (data) => {
    const checked = checkContactDraft(draft);
    if (!checked.ok) return data;
    return { ...data, contacts: [...data.contacts, { id: item.id, ...checked.value }] };
  };

export const addExtraPhone =
  (raw: string): Updater =>
  (data) => {
    const phone = normaliseExtraPhone(raw, data.extraPhones);
    return phone === null ? data : { ...data, extraPhones: [...data.extraPhones, phone] };
  };

export const setAddressOverride =
  (draft: AddressOverride | null): Updater =>
  (data) => {
    const next = draft ? normaliseAddressOverride(draft) : null;
    const prev = data.addressOverride;
    const same =
      next === prev ||
      (next !== null &&
        prev !== null &&
        next.line1 === prev.line1 &&
        next.city === prev.city &&
        next.state === prev.state &&
        next.zip === prev.zip);
    return same ? data : { ...data, addressOverride: next };
  };

const removeById =
  <K extends "notes" | "appointments" | "contacts">(key: K) =>
  (id: string): Updater =>
  (data) => {
    const list = data[key] as { id: string }[];
    if (!list.some((x) => x.id === id)) return data;
    return { ...data, [key]: list.filter((x) => x.id !== id) };
  };

export const removeNote = removeById("notes");
export const removeAppointment = removeById("appointments");
export const removeContact = removeById("contacts");

export const removeExtraPhone =
  (phone: string): Updater =>
  (data) =>
    data.extraPhones.includes(phone)
      ? { ...data, extraPhones: data.extraPhones.filter((p) => p !== phone) }
      : data;

export const incrementDialCount: Updater = (data) => ({ ...data, dialCount: data.dialCount + 1 });
