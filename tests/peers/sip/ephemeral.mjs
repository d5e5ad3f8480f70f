// Time-limited SIP credentials in the style of Kamailio auth_ephemeral and the TURN REST API:
// username "<unix expiry>:<user id>", password base64(HMAC-SHA1(shared secret, username)).
// Whoever knows the secret can mint them; the edge (here the test peer) re-computes the
// password from the username, so it stores no per-user password at all.
import crypto from "node:crypto";

export function ephemeralPassword(sharedSecret, username) {
  return crypto.createHmac("sha1", sharedSecret).update(username).digest("base64");
}

/**
 * Mints credentials valid for `ttlSeconds` from `now` (milliseconds since the epoch, as
 * Date.now() returns; injectable so tests can mint already-expired ones).
 */
export function mintEphemeral(sharedSecret, userId, ttlSeconds, now = Date.now()) {
  const expires = Math.floor(now / 1000) + Math.floor(ttlSeconds);
  const username = `${expires}:${userId}`;
  return { username, password: ephemeralPassword(sharedSecret, username), expires };
}

/** Splits an ephemeral username; null when it is not one. */
export function parseEphemeralUsername(username) {
  const m = /^(\d{1,12}):(.+)$/.exec(String(username));
  return m ? { expires: Number(m[1]), userId: m[2] } : null;
}
