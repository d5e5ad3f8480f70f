type Messages = { [key: string]: string | Messages };

/** Deep-merges `override` onto `base`, so a key missing in one language falls back to English. */
export function mergeMessages(base: Messages, override: Messages): Messages {
  const out: Messages = { ...base };
  for (const [key, value] of Object.entries(override)) {
    const current = out[key];
    out[key] =
      typeof value === "object" && typeof current === "object"
        ? mergeMessages(current, value)
        : value;
  }
  return out;
}
