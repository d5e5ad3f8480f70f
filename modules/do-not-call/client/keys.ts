/**
 * The TanStack Query keys of the do-not-call list (Settings > Do not call). A change announced on
 * the live channel invalidates `doNotCallKeys.all` (modules/shell/components/live-updates.tsx).
 */
export const doNotCallKeys = {
  all: ["do-not-call"] as const,
};
