import "server-only";

/** Per-rep budget of the power-dial routes and of the dialer's do-not-call check before each call. */
export const dialLimit = { name: "dial-session", max: 600, windowSeconds: 60 };
