// The local Profile form (spec section 3): kept in this browser only, per signed-in user.

export const SUMMARY_MAX = 800;
export const CURRENT_PASSWORD_MIN = 6;
export const NEW_PASSWORD_MIN = 8;

export const profileLanguages = ["en", "es", "fr"] as const;
export const profileThemes = ["light", "dark", "system"] as const;
export type ProfileLanguage = (typeof profileLanguages)[number];
export type ProfileTheme = (typeof profileThemes)[number];

export type ProfileForm = {
  displayName: string;
  role: string;
  email: string;
  summary: string;
  language: ProfileLanguage;
  theme: ProfileTheme;
};

export type ProfileField = keyof ProfileForm;
export type ProfileErrors = Partial<Record<ProfileField, "required" | "tooLong">>;

export function profileStorageKey(username: string) {
  return `profile.form:${username}`;
}

/** Spec section 5: display name, role and email required; summary at most 800 characters. */
export function validateProfile(form: ProfileForm): ProfileErrors {
  const errors: ProfileErrors = {};
  if (!form.displayName.trim()) errors.displayName = "required";
  if (!form.role.trim()) errors.role = "required";
  if (!form.email.trim()) errors.email = "required";
  if (form.summary.length > SUMMARY_MAX) errors.summary = "tooLong";
  return errors;
}

const pick = <T extends string>(value: unknown, allowed: readonly T[], fallback: T): T =>
  typeof value === "string" && (allowed as readonly string[]).includes(value)
    ? (value as T)
    : fallback;
const text = (value: unknown, fallback: string) => (typeof value === "string" ? value : fallback);

/** Reads the stored form; anything missing or malformed falls back to the defaults. */
export function readStoredProfile(
  storage: Storage | undefined,
  username: string,
  defaults: ProfileForm,
): ProfileForm {
  let stored: Record<string, unknown> = {};
  try {
    stored = JSON.parse(storage?.getItem(profileStorageKey(username)) ?? "{}") ?? {};
  } catch {
    stored = {};
  }
  return {
    displayName: text(stored.displayName, defaults.displayName),
    role: text(stored.role, defaults.role),
    email: text(stored.email, defaults.email),
    summary: text(stored.summary, defaults.summary).slice(0, SUMMARY_MAX),
    language: pick(stored.language, profileLanguages, defaults.language),
    theme: pick(stored.theme, profileThemes, defaults.theme),
  };
}

export function writeStoredProfile(
  storage: Storage | undefined,
  username: string,
  form: ProfileForm,
) {
  try {
    storage?.setItem(profileStorageKey(username), JSON.stringify(form));
    return true;
  } catch {
    return false; // storage full or disabled
  }
}
