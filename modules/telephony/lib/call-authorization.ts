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
 *
 * A blind transfer to a teammate is authorised by the same token with `transferTo` (the
 * teammate's SIP user, their user id) in place of `number` and `callerId`: the rep's browser puts
 * it in the REFER's Refer-To headers, the edge checks it as it checks a number's (and remembers
 * the transfer so that the carrier's INVITE that follows may ring the teammate). A token names one
 * target or the other, never both: a teammate's is never good for a number, nor the reverse.
 * A warm transfer's consultation call to the teammate is authorised by such a token with
 * `purpose: "consult"`: the rep's browser sends it on the consultation INVITE, and the edge
 * rings the teammate's registration with it. Neither purpose passes for the other.
 */
import crypto from "node:crypto";
import { jwtVerify, SignJWT } from "jose";

export const CALL_AUTHORIZATION_HEADER = "X-DialFlow-Authorization";
export const CALL_AUTHORIZATION_TTL_SECONDS = 60;

const issuer = "dialflow";
const audience = "dialflow:sip-edge";
const algorithm = "HS256";
const e164 = /^\+[1-9]\d{1,14}$/;
/** A SIP user the edge routes to (a user id); what kamailio.cfg's TEAMMATE_AUTHORIZATION accepts. */
const sipUser = /^[A-Za-z0-9_.-]{1,64}$/;

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

/** What a teammate's token allows: a transfer (REFER), or a consultation call (INVITE). */
export type TransferPurpose = "transfer" | "consult";

export type TransferAuthorizationClaims = {
  /** The teammate's SIP user (their user id) the carrier is asked to call back at the edge. */
  transferTo: string;
  /** "consult" is in the token (a consultation call); a transfer's token has no purpose claim. */
  purpose: TransferPurpose;
  rep: string;
  org: string;
  jti: string;
  iat: number;
  exp: number;
};

/** The authorisation of a transfer to a teammate, or of a consultation call to them (see the top). */
export async function signTransferAuthorization(
  secret: string,
  grant: { transferTo: string; rep: string; org: string; purpose?: TransferPurpose },
  now = new Date(),
  ttlSeconds = CALL_AUTHORIZATION_TTL_SECONDS,
): Promise<{ token: string; expiresAt: Date; jti: string }> {
  if (!sipUser.test(grant.transferTo)) throw new Error(`Not a SIP user: ${grant.transferTo}`);
  const iat = Math.floor(now.getTime() / 1000);
  const exp = iat + ttlSeconds;
  const jti = crypto.randomUUID();
  const claims = { transferTo: grant.transferTo, rep: grant.rep, org: grant.org };
  // A transfer's token is as it was before consultations existed: no purpose claim.
  const token = await new SignJWT(
    grant.purpose === "consult" ? { ...claims, purpose: "consult" } : claims,
  )
    .setProtectedHeader({ alg: algorithm, typ: "JWT" })
    .setIssuer(issuer)
    .setAudience(audience)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .setJti(jti)
    .sign(keyBytes(secret));
  return { token, expiresAt: new Date(exp * 1000), jti };
}

/** The user part of a SIP URI or a bare user: "sip:abc@edge?X-A=1" and "abc" give "abc". */
export function sipUserOf(target: string): string {
  return target
    .trim()
    .replace(/^sips?:/i, "")
    .split(/[@;?]/)[0]!;
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

export type TransferAuthorizationVerdict =
  | { ok: true; claims: TransferAuthorizationClaims }
  | { ok: false; reason: "malformed" | "signature" | "expired" | "claims" }
  /** A genuine token for another teammate: spent all the same, as a number's. */
  | { ok: false; reason: "target_mismatch"; jti: string };

type Checked =
  | { ok: true; payload: Record<string, unknown>; jti: string; iat: number; exp: number }
  | { ok: false; reason: "malformed" | "signature" | "expired" | "claims" };

/** What every authorisation must pass, whatever it names: signature, issuer, audience, life. */
async function checkToken(token: string, secret: string, now: Date | undefined): Promise<Checked> {
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(token, keyBytes(secret), {
      algorithms: [algorithm],
      issuer,
      audience,
      currentDate: now,
      requiredClaims: ["exp", "iat", "jti"],
    }));
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === "ERR_JWT_EXPIRED") return { ok: false, reason: "expired" };
    if (code === "ERR_JWS_SIGNATURE_VERIFICATION_FAILED") return { ok: false, reason: "signature" };
    if (code === "ERR_JWT_CLAIM_VALIDATION_FAILED") return { ok: false, reason: "claims" };
    return { ok: false, reason: "malformed" };
  }
  const { jti, iat, exp, rep, org } = payload;
  if (
    typeof jti !== "string" ||
    typeof iat !== "number" ||
    typeof exp !== "number" ||
    typeof rep !== "string" ||
    typeof org !== "string"
  ) {
    return { ok: false, reason: "claims" };
  }
  if (exp - iat > CALL_AUTHORIZATION_TTL_SECONDS) return { ok: false, reason: "claims" };
  return { ok: true, payload, jti, iat, exp };
}

/**
 * Checks a call authorisation as an edge must: HS256 with this team's key, issuer and audience,
 * not expired at `now`, and issued for the number being dialed (`dialedNumber`: the INVITE's
 * Request-URI or its user part). A teammate transfer's token is refused ("claims"). Never throws.
 */
export async function verifyCallAuthorization(
  token: string,
  secret: string,
  dialedNumber: string,
  options: { now?: Date } = {},
): Promise<CallAuthorizationVerdict> {
  const checked = await checkToken(token, secret, options.now);
  if (!checked.ok) return checked;
  const { jti, iat, exp } = checked;
  const { number, callerId, rep, org, place, transferTo } = checked.payload;
  if (
    typeof number !== "string" ||
    !e164.test(number) ||
    transferTo !== undefined ||
    !(callerId === null || typeof callerId === "string") ||
    typeof rep !== "string" ||
    typeof org !== "string" ||
    !(place === null || typeof place === "string")
  ) {
    return { ok: false, reason: "claims" };
  }
  if (dialedNumberOf(dialedNumber) !== number) return { ok: false, reason: "number_mismatch", jti };
  return { ok: true, claims: { number, callerId, rep, org, place, jti, iat, exp } };
}

/**
 * Checks a teammate transfer's authorisation as the edge does for a REFER: the same signature,
 * issuer, audience and life as a call's, and `transferTo` is the Refer-To's user (`referTo`: the
 * Refer-To URI, headers and all, or the bare user). A number's token is refused ("claims"), and
 * so is one for the other purpose (`options.purpose`, "transfer" unless told: a consultation
 * INVITE's Request-URI is checked with "consult").
 */
export async function verifyTransferAuthorization(
  token: string,
  secret: string,
  referTo: string,
  options: { now?: Date; purpose?: TransferPurpose } = {},
): Promise<TransferAuthorizationVerdict> {
  const checked = await checkToken(token, secret, options.now);
  if (!checked.ok) return checked;
  const { jti, iat, exp } = checked;
  const { transferTo, number, callerId, rep, org } = checked.payload;
  const purpose = checked.payload.purpose === "consult" ? "consult" : "transfer";
  if (
    (checked.payload.purpose !== undefined && checked.payload.purpose !== "consult") ||
    purpose !== (options.purpose ?? "transfer")
  ) {
    return { ok: false, reason: "claims" };
  }
  if (
    typeof transferTo !== "string" ||
    !sipUser.test(transferTo) ||
    number !== undefined ||
    callerId !== undefined ||
    typeof rep !== "string" ||
    typeof org !== "string"
  ) {
    return { ok: false, reason: "claims" };
  }
  if (sipUserOf(referTo) !== transferTo) return { ok: false, reason: "target_mismatch", jti };
  return { ok: true, claims: { transferTo, purpose, rep, org, jti, iat, exp } };
}
