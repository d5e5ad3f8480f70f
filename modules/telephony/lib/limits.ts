import "server-only";
import type { RateLimitRule } from "@/lib/api/rate-limit";

/** Per-rep budgets of the telephony routes (a power-dial session authorises a call every few seconds). */
export const lineReadLimit: RateLimitRule = { name: "telephony-line", max: 120, windowSeconds: 60 };
/** Credentials live 10 minutes; a few tabs refreshing them stay far below this. */
export const credentialsLimit: RateLimitRule = {
  name: "telephony-credentials",
  max: 30,
  windowSeconds: 60,
};
export const authorizeLimit: RateLimitRule = {
  name: "telephony-authorize",
  max: 120,
  windowSeconds: 60,
};
/** The console's line test opens a connection to the team's edge: as an ops action. */
export const lineTestLimit: RateLimitRule = {
  name: "telephony-line-test",
  max: 10,
  windowSeconds: 60,
};
