/**
 * The call authorisation: before each real call the server applies its rules (a
 * readable number, the do-not-call list, the team's caller ID) and signs what it allowed; the
 * browser sends the token in the INVITE's X-DialFlow-Authorization header and the team's edge
 * (and the SIP test peer) refuses an INVITE without a valid one for the number dialed.
 *
 * A compact JWS, HS256. Its key is derived from the organization's shared secret, so only that
 * team's edge can check it and a token of one team never passes another team's edge; it is not
 * the secret itself (the credentials' HMAC uses that). The key is the TEXT of
 *   hex(HMAC-SHA256(secret, "dialflow-call-authorization/v1"))
 * which an edge computes once, e.g.
 *   printf %s 'dialflow-call-authorization/v1' | openssl dgst -sha256 -hmac "$SECRET" -r | cut -c1-64
 * and gives to any JWT library (Kamailio's jwt module: jwt_verify_key). Claims: iss "dialflow",
 * aud "dialflow:sip-edge", number (E.164), callerId (E.164 or null), rep (user id), org
 * (organization id), place (place id or null), iat, exp (about 60 s), jti (unique: an edge may
 * refuse a second use). No server-only import: the test peer and edge examples use it too.
 */
import crypto from "node:crypto";
import { jwtVerify, SignJWT } from "jose";

export const CALL_AUTHORIZATION_HEADER = "X-DialFlow-Authorization";
export const CALL_AUTHORIZATION_TTL_SECONDS = 60;

const issuer = "dialflow";
const audience = "dialflow:sip-edge";
const algorithm = "HS256";
const e164 = /^\+[1-9]\d{1,14}$/;

/** The HS256 key text an edge verifies with (see the header comment for its computation). */
export function callAuthorizationKey(secret: string): string {
  return crypto.createHmac("sha256", secret).update("dialflow-call-authorization/v1").digest("hex");
}

const keyBytes = (secret: string) => new TextEncoder().encode(callAuthorizationKey(secret));

export type CallAuthorizationClaims = {
  number: string;
  callerId: string | null;
  rep: string;
  org: string;
  place: string | null;
  jti: string;
  iat: number;
  exp: number;
};

export async function signCallAuthorization(
  secret: string,
  grant: {
    number: string;
    callerId: string | null;
    rep: string;
    org: string;
    place?: string | null;
  },
  now = new Date(),
  ttlSeconds = CALL_AUTHORIZATION_TTL_SECONDS,
): Promise<{ token: string; expiresAt: Date; jti: string }> {
  const iat = Math.floor(now.getTime() / 1000);
  const exp = iat + ttlSeconds;
  const jti = crypto.randomUUID();
  const token = await new SignJWT({
    number: grant.number,
    callerId: grant.callerId,
    rep: grant.rep,
    org: grant.org,
    place: grant.place ?? null,
  })
    .setProtectedHeader({ alg: algorithm, typ: "JWT" })
    .setIssuer(issuer)
    .setAudience(audience)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .setJti(jti)
    .sign(keyBytes(secret));
  return { token, expiresAt: new Date(exp * 1000), jti };
}

/**
 * The number a Request-URI or dialed target names, in E.164 when it is one: "sip:+1512...@edge;
 * user=phone", "tel:+1-512-555-0101", "+15125550101" and "15125550101" all give "+15125550101".
 */
export function dialedNumberOf(target: string): string {
  const user = target
    .trim()
    .replace(/^(?:sips?|tel):/i, "")
    .split(/[@;]/)[0]!
    .replace(/[\s().-]/g, "");
  return /^\d+$/.test(user) ? `+${user}` : user;
}

export type CallAuthorizationVerdict =
  | { ok: true; claims: CallAuthorizationClaims }
  | { ok: false; reason: "malformed" | "signature" | "expired" | "claims" }
  /** A genuine token for another number: an edge spends its `jti` all the same (README). */
  | { ok: false; reason: "number_mismatch"; jti: string };

/**
 * Checks a call authorisation as an edge must: HS256 with this team's key, issuer and audience,
 * not expired at `now`, and issued for the number being dialed (`dialedNumber`: the INVITE's
 * Request-URI or its user part). Never throws.
 */
export async function verifyCallAuthorization(
  token: string,
  secret: string,
  dialedNumber: string,
  options: { now?: Date } = {},
): Promise<CallAuthorizationVerdict> {
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(token, keyBytes(secret), {
      algorithms: [algorithm],
      issuer,
      audience,
      currentDate: options.now,
      requiredClaims: ["exp", "iat", "jti"],
    }));
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === "ERR_JWT_EXPIRED") return { ok: false, reason: "expired" };
    if (code === "ERR_JWS_SIGNATURE_VERIFICATION_FAILED") return { ok: false, reason: "signature" };
    if (code === "ERR_JWT_CLAIM_VALIDATION_FAILED") return { ok: false, reason: "claims" };
    return { ok: false, reason: "malformed" };
  }
  const { number, callerId, rep, org, place, jti, iat, exp } = payload;
  if (
    typeof number !== "string" ||
    !e164.test(number) ||
    !(callerId === null || typeof callerId === "string") ||
    typeof rep !== "string" ||
    typeof org !== "string" ||
    !(place === null || typeof place === "string") ||
    typeof jti !== "string" ||
    typeof iat !== "number" ||
    typeof exp !== "number"
  ) {
    return { ok: false, reason: "claims" };
  }
  if (exp - iat > CALL_AUTHORIZATION_TTL_SECONDS) return { ok: false, reason: "claims" };
  if (dialedNumberOf(dialedNumber) !== number) return { ok: false, reason: "number_mismatch", jti };
  return { ok: true, claims: { number, callerId, rep, org, place, jti, iat, exp } };
}
