// Types for ephemeral.mjs (Kamailio auth_ephemeral / TURN REST style credentials).
export function ephemeralPassword(sharedSecret: string, username: string): string;
/** `now` in milliseconds since the epoch (Date.now()); `expires` in unix seconds. */
export function mintEphemeral(
  sharedSecret: string,
  userId: string,
  ttlSeconds: number,
  now?: number,
): { username: string; password: string; expires: number };
export function parseEphemeralUsername(
  username: string,
): { expires: number; userId: string } | null;
