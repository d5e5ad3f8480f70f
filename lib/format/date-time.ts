/**
 * The one way the app writes an instant a rep reads beside others (the Call Log, a business's
 * calls, notes and appointments in its drawer): next-intl's formatter, in the rep's zone
 * (components/zoned-intl.tsx), with these options. The drawer used its own Intl formatter in
 * the browser's zone, so an Arabic rep read one call in two formats on two screens.
 */
export const instantFormat = { dateStyle: "medium", timeStyle: "short" } as const;
