import {
  DURATION_DEFAULT,
  DURATION_MAX,
  DURATION_MIN,
  DURATION_STEP,
  NOTE_MAX_CHARS,
} from "./limits";
import type { AddressOverride } from "./schemas";

/** A validation outcome; `error` is a message key under Facility.errors. */
export type Checked<T, E extends string> = { ok: true; value: T } | { ok: false; error: E };

// --- Notes (spec 5: max 1000 characters with a counter; Save disabled when trimmed empty)

export type NoteError = "noteEmpty" | "noteTooLong";

export function checkNoteDraft(draft: string): Checked<string, NoteError> {
  if (draft.length > NOTE_MAX_CHARS) return { ok: false, error: "noteTooLong" };
  const text = draft.trim();
  if (text === "") return { ok: false, error: "noteEmpty" };
  return { ok: true, value: text };
}

export const canSaveNote = (draft: string) => checkNoteDraft(draft).ok;

// --- Appointments (date and time both required; 5-480 minutes in steps of 5, default 30)

export type AppointmentDraft = {
  /** `YYYY-MM-DD` from a date input, in the rep's time zone. */
  date: string;
  /** `HH:MM` from a time input, in the rep's time zone. */
  time: string;
  durationMin: number | string;
  note: string;
};

export const emptyAppointmentDraft: AppointmentDraft = {
  date: "",
  time: "",
  durationMin: DURATION_DEFAULT,
  note: "",
};

export type AppointmentError =
  "dateRequired" | "timeRequired" | "dateTimeInvalid" | "durationRange" | "durationStep";

export type CheckedAppointment = { ts: number; durationMin: number; note?: string };

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_RE = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * The instant of a date and a wall-clock time in the browser's time zone (the rep's), or null
 * when either is malformed or names a time that does not exist (31 February, 25:00).
 */
export function localDateTimeToTs(date: string, time: string): number | null {
  const d = DATE_RE.exec(date.trim());
  const t = TIME_RE.exec(time.trim());
  if (!d || !t) return null;
  const [y, mo, day] = [Number(d[1]), Number(d[2]), Number(d[3])];
  const [h, mi] = [Number(t[1]), Number(t[2])];
  if (h > 23 || mi > 59) return null;
  const at = new Date(y, mo - 1, day, h, mi, 0, 0);
  if (at.getFullYear() !== y || at.getMonth() !== mo - 1 || at.getDate() !== day) return null;
  return at.getTime();
}

export function parseDuration(
  value: number | string,
): Checked<number, "durationRange" | "durationStep"> {
  const n = typeof value === "number" ? value : value.trim() === "" ? NaN : Number(value);
  if (!Number.isFinite(n) || n < DURATION_MIN || n > DURATION_MAX) {
    return { ok: false, error: "durationRange" };
  }
  if (!Number.isInteger(n) || n % DURATION_STEP !== 0) return { ok: false, error: "durationStep" };
  return { ok: true, value: n };
}

export function checkAppointmentDraft(
  draft: AppointmentDraft,
): Checked<CheckedAppointment, AppointmentError> {
  if (draft.date.trim() === "") return { ok: false, error: "dateRequired" };
  if (draft.time.trim() === "") return { ok: false, error: "timeRequired" };
  const ts = localDateTimeToTs(draft.date, draft.time);
  if (ts === null) return { ok: false, error: "dateTimeInvalid" };
  const duration = parseDuration(draft.durationMin);
  if (!duration.ok) return duration;
  const note = draft.note.trim();
  return { ok: true, value: { ts, durationMin: duration.value, ...(note ? { note } : {}) } };
}

/** Add is enabled once both date and time are filled in (spec 5); the rest is checked on Add. */
export const canAddAppointment = (draft: AppointmentDraft) =>
  draft.date.trim() !== "" && draft.time.trim() !== "";

// --- Contacts (at least one of name, email, phone; no format checks)

export type ContactDraft = { name: string; email: string; phone: string };
export const emptyContactDraft: ContactDraft = { name: "", email: "", phone: "" };

export function checkContactDraft(draft: ContactDraft): Checked<ContactDraft, "contactEmpty"> {
  const value = { name: draft.name.trim(), email: draft.email.trim(), phone: draft.phone.trim() };
  if (!value.name && !value.email && !value.phone) return { ok: false, error: "contactEmpty" };
  return { ok: true, value };
}

export const canAddContact = (draft: ContactDraft) => checkContactDraft(draft).ok;

/** What a contact is called on screen: its name, or the given `(no name)` text. */
export function contactLabel(contact: { name: string }, noName: string): string {
  return contact.name.trim() || noName;
}

// --- Extra phones (added on Enter, trimmed; ignored when empty or already there)

const digitsOf = (s: string) => s.replace(/\D/g, "");

/** Two numbers are the same when they read the same or carry the same digits. */
export function samePhone(a: string, b: string): boolean {
  const [x, y] = [a.trim(), b.trim()];
  if (x === y) return true;
  const [dx, dy] = [digitsOf(x), digitsOf(y)];
  return dx !== "" && dx === dy;
}

/** The trimmed number to add, or null when it is empty or a duplicate of one already there. */
export function normaliseExtraPhone(raw: string, existing: readonly string[]): string | null {
  const phone = raw.trim();
  if (phone === "") return null;
  if (existing.some((p) => samePhone(p, phone))) return null;
  return phone;
}

// --- Address override

export const emptyAddressDraft: AddressOverride = { line1: "", city: "", state: "", zip: "" };

/** The trimmed override, or null when every field is empty (the place's own address shows). */
export function normaliseAddressOverride(draft: AddressOverride): AddressOverride | null {
  const value = {
    line1: draft.line1.trim(),
    city: draft.city.trim(),
    state: draft.state.trim(),
    zip: draft.zip.trim(),
  };
  return value.line1 || value.city || value.state || value.zip ? value : null;
}

/** One line for the drawer and the table: `line1, city, state zip`, skipping empty parts. */
export function formatAddressOverride(a: AddressOverride): string {
  const stateZip = [a.state, a.zip].filter(Boolean).join(" ");
  return [a.line1, a.city, stateZip].filter(Boolean).join(", ");
}
