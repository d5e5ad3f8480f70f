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

/** Spec section 5: display name, role and email required; summary at most 800 characters. */
export function validateProfile(form: ProfileForm): ProfileErrors {
  const errors: ProfileErrors = {};
  if (!form.displayName.trim()) errors.displayName = "required";
  if (!form.role.trim()) errors.role = "required";
  if (!form.email.trim()) errors.email = "required";
  if (form.summary.length > SUMMARY_MAX) errors.summary = "tooLong";
  return errors;
}

/** The form as kept in the browser (./storage-keys.ts: profileFormKey). */
export type StoredProfile = Partial<ProfileForm>;

/** The stored form over the defaults (display name from the username, the default role...). */
export function withProfileDefaults(
  stored: StoredProfile | null,
  defaults: ProfileForm,
): ProfileForm {
  const form = { ...defaults, ...stored };
  return { ...form, summary: form.summary.slice(0, SUMMARY_MAX) };
}
