import "server-only";

/** Per-rep budgets of the do-not-call and power-dial routes. */
export const dncReadLimit = { name: "dnc-read", max: 120, windowSeconds: 60 };
export const dncWriteLimit = { name: "dnc-write", max: 120, windowSeconds: 60 };
export const dialLimit = { name: "dial-session", max: 600, windowSeconds: 60 };
