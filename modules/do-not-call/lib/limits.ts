import "server-only";

/** Per-rep budgets of the do-not-call list's routes. */
export const dncReadLimit = { name: "dnc-read", max: 120, windowSeconds: 60 };
export const dncWriteLimit = { name: "dnc-write", max: 120, windowSeconds: 60 };
