import type { RateLimitRule } from "@/lib/api/rate-limit";

/** The Settings team list: read when the dialog opens and after each change. */
export const teamReadLimit: RateLimitRule = { name: "team-read", max: 120, windowSeconds: 60 };
/** A manager's changes to members: a handful at a time, never a scripted sweep. */
export const teamWriteLimit: RateLimitRule = { name: "team-write", max: 30, windowSeconds: 60 };
