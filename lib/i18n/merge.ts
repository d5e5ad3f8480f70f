type Messages = { [key: string]: unknown };

function isNamespace(value: unknown): value is Messages {
  // Precompiled messages (next.config.ts: messages.precompile) are arrays: a leaf, not a namespace.
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Deep-merges `override` onto `base`, so a key missing in one language falls back to English. */
export function mergeMessages<T extends Messages>(base: T, override: Messages): T {
  const out: Messages = { ...base };
  for (const [key, value] of Object.entries(override)) {
    const current = out[key];
    out[key] = isNamespace(value) && isNamespace(current) ? mergeMessages(current, value) : value;
  }
  return out as T;
}
