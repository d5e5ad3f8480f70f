/**
 * Time-limited SIP credentials in the style of Kamailio's auth_ephemeral module and the TURN
 * REST API: username "<unix expiry>:<user>", password base64(HMAC-SHA1(shared secret, username)).
 * The server, which knows the organization's secret, mints them; the team's edge checks them with
 * the same secret (Kamailio `autheph_www`/`autheph_check_from`, coturn `use-auth-secret`); the
 * browser only ever sees the pair. No server-only import: the SIP test peer checks them too.
 */
import crypto from "node:crypto";

/** Minutes of life: the browser refreshes and re-registers before they run out. */
export const CREDENTIAL_TTL_SECONDS = 600;

export type EphemeralCredentials = {
  username: string;
  password: string;
  /** Unix seconds; also the username's first part. */
  expires: number;
};

/** base64(HMAC-SHA1(secret, username)), as auth_ephemeral computes it (its default algorithm). */
export function ephemeralPassword(secret: string, username: string) {
  return crypto.createHmac("sha1", secret).update(username).digest("base64");
}

/** Credentials for `user` that expire `ttlSeconds` after `now`. */
export function mintEphemeralCredentials(
  secret: string,
  user: string,
  now = new Date(),
  ttlSeconds = CREDENTIAL_TTL_SECONDS,
): EphemeralCredentials {
  const expires = Math.floor(now.getTime() / 1000) + ttlSeconds;
  const username = `${expires}:${user}`;
  return { username, password: ephemeralPassword(secret, username), expires };
}

/**
 * What an edge does with a REGISTER's credentials: the password matches, the expiry has not
 * passed, and (as `autheph_check_from`) the user part is the one registering, when given.
 */
export function checkEphemeralCredentials(
  secret: string,
  username: string,
  password: string,
  options: { now?: Date; user?: string } = {},
): { ok: true; user: string; expires: number } | { ok: false; reason: string } {
  const m = /^(\d{1,12}):(.+)$/.exec(username);
  if (!m) return { ok: false, reason: "malformed username" };
  const expires = Number(m[1]);
  const user = m[2]!;
  const expected = Buffer.from(ephemeralPassword(secret, username));
  const given = Buffer.from(password);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) {
    return { ok: false, reason: "wrong password" };
  }
  if (expires * 1000 <= (options.now ?? new Date()).getTime()) {
    return { ok: false, reason: "expired" };
  }
  if (options.user !== undefined && options.user !== user) {
    return { ok: false, reason: "user mismatch" };
  }
  return { ok: true, user, expires };
}
