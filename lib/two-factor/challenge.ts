import "server-only";
import crypto from "node:crypto";
import { jwtVerify, SignJWT } from "jose";
import { authSecret } from "@/lib/auth/secret";
import type { TwoFactorKind } from "./accounts";

// The answer to a correct password when the account has a second factor: a short-lived signed
// token naming the account, never a session. Its own audience and typ per kind of account, so it
// passes as no session token (and none passes as it), and a rep's never finishes an operator's
// sign-in. It is bound to the password hash: a password changed meanwhile voids it.

const issuer = "dialflow";
const audienceOf = (kind: TwoFactorKind) =>
  kind === "user" ? "dialflow:2fa" : `dialflow:2fa:${kind}`;
export const challengeLifetimeSeconds = 5 * 60;

const passwordTag = (passwordHash: string) =>
  crypto.createHash("sha256").update(passwordHash).digest("base64url").slice(0, 16);

export async function signChallenge(kind: TwoFactorKind, accountId: string, passwordHash: string) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ typ: "2fa", pw: passwordTag(passwordHash) })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer(issuer)
    .setAudience(audienceOf(kind))
    .setSubject(accountId)
    .setIssuedAt(now)
    .setExpirationTime(now + challengeLifetimeSeconds)
    .sign(authSecret());
}

/** The account a valid, unexpired challenge of this kind names and its password tag, or null. */
export async function verifyChallenge(kind: TwoFactorKind, token: string) {
  try {
    const { payload } = await jwtVerify(token, authSecret(), {
      algorithms: ["HS256"],
      issuer,
      audience: audienceOf(kind),
      currentDate: new Date(),
      requiredClaims: ["sub", "exp"],
    });
    if (payload.typ !== "2fa" || typeof payload.pw !== "string" || !payload.sub) return null;
    return { accountId: payload.sub, passwordTag: payload.pw };
  } catch {
    return null;
  }
}

export const challengeMatches = (claims: { passwordTag: string }, passwordHash: string) =>
  claims.passwordTag === passwordTag(passwordHash);
