import "server-only";

/**
 * A tab reports on every change of its dialer and every 20 s: a busy rep with two tabs stays far
 * below this; a loop gone wrong does not.
 */
export const presenceWriteLimit = { name: "floor-presence", max: 120, windowSeconds: 60 };
