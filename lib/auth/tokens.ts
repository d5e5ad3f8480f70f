import "server-only";
import { jwtVerify, SignJWT } from "jose";
import { LRUCache } from "lru-cache";
import { authSecret } from "./secret";
import {
  audienceOf,
  importSessionKey,
  requiredTokenClaims,
  tokenAlgorithm as algorithm,
  tokenIssuer as issuer,
  type SessionKind,
} from "./session-kinds";

// Session tokens: HS256 only, with issuer, an audience per kind and a typ claim, so a user
// token can never pass as an operator token (or the reverse) and `alg: none` is refused.
export type { SessionKind };

let signingKey: Promise<CryptoKey> | undefined;

/** The session secret as a WebCrypto key, imported once (./session-kinds.ts says why). */
function sessionKey() {
  signingKey ??= importSessionKey(authSecret(), ["sign", "verify"]);
  return signingKey;
}

export type TokenClaims = { sub: string; sid: string; kind: SessionKind; exp: number };

export async function signSessionToken(
  kind: SessionKind,
  sub: string,
  sid: string,
  expiresAt: Date,
) {
  return new SignJWT({ typ: kind })
    .setProtectedHeader({ alg: algorithm, typ: "JWT" })
    .setIssuer(issuer)
    .setAudience(audienceOf(kind))
    .setSubject(sub)
    .setJti(sid)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(await sessionKey());
}

/**
 * Tokens that verified, with their claims. A token's signature and claims never change, and a
 * rep's browser sends the same token with every request, so jose checks each one once (its
 * WebCrypto HMAC verify was ~10 % of the request thread's time per authenticated request). Only
 * tokens that verified are kept; expiry is checked on every use, and revocation is the session
 * row's, read on every request (sessions.ts).
 */
const verified = new LRUCache<string, TokenClaims>({ max: 10_000 });

/** Returns the claims of a valid, unexpired token of the given kind, or null. */
export async function verifySessionToken(
  kind: SessionKind,
  token: string,
): Promise<TokenClaims | null> {
  const known = verified.get(token);
  if (known) {
    if (known.kind !== kind) return null; // its audience is the other kind's
    if (known.exp > Date.now() / 1000) return known;
    verified.delete(token);
    return null;
  }
  try {
    const { payload } = await jwtVerify(token, await sessionKey(), {
      algorithms: [algorithm],
      issuer,
      audience: audienceOf(kind),
      requiredClaims: requiredTokenClaims,
    });
    if (payload.typ !== kind || !payload.sub || !payload.jti || !payload.exp) return null;
    const claims: TokenClaims = { sub: payload.sub, sid: payload.jti, kind, exp: payload.exp };
    verified.set(token, claims);
    return claims;
  } catch {
    return null;
  }
}
