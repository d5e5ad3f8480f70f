// What proxy.ts (the first gate, before anything renders) and the server's sign-in share about
// session tokens and cookies: one place, so that the gate and the tokens it checks never drift.
// No "server-only" and no Node APIs here: the proxy imports it.

export type SessionKind = "user" | "operator";

/** The httpOnly cookie each kind's session token travels in (pages; APIs take the bearer token). */
export const sessionCookieOf = { user: "session", operator: "operator_session" } as const;

export const tokenIssuer = "dialflow";
export const tokenAlgorithm = "HS256";
/** A token's audience: a user's token can never pass as an operator's, nor the reverse. */
export const audienceOf = (kind: SessionKind) => `dialflow:${kind}` as const;

/** The claims every session token carries (checked by the proxy and by the server). */
export const requiredTokenClaims = ["sub", "jti", "exp", "iat"];

/**
 * The session secret as a WebCrypto HMAC key. Import it once and keep it: handed raw bytes, jose
 * imports them again on every verify (~40 % of a verify's time, measured).
 */
export function importSessionKey(secret: Uint8Array<ArrayBuffer>, usages: KeyUsage[]) {
  return crypto.subtle.importKey("raw", secret, { name: "HMAC", hash: "SHA-256" }, false, usages);
}
