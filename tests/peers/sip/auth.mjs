// Digest authentication for REGISTER (401/WWW-Authenticate) and INVITE (407/Proxy-Authenticate)
// against static users and time-limited HMAC users (Kamailio auth_ephemeral style).
import { challengeHeader, createNonceKeeper, parseDigest, verifyDigest } from "./digest.mjs";
import { ephemeralPassword, parseEphemeralUsername } from "./ephemeral.mjs";
import { header, parseNameAddr, parseUri, randomToken } from "./message.mjs";

/**
 * `check(request, "www" | "proxy", identityHeader)` returns one of
 *   { ok: true, username, userId, credential: "static" | "ephemeral" }
 *   { challenge: { status, header, value } }        (no or stale credentials: ask again)
 *   { refuse: { status: 403, reason } }             (wrong, expired, or someone else's)
 * `identityHeader` ("To" for REGISTER, "From" for INVITE, or null to skip) names the user the
 * request acts for, which must be the authenticated one (like autheph_check_to/_from).
 */
export function createAuthenticator({ realm, users = {}, sharedSecret, now = () => Date.now() }) {
  const nonces = createNonceKeeper();
  const opaque = randomToken(8);

  const challenge = (kind, stale = false) => ({
    challenge: {
      status: kind === "www" ? 401 : 407,
      header: kind === "www" ? "WWW-Authenticate" : "Proxy-Authenticate",
      value: challengeHeader({ realm, nonce: nonces.issue(now()), opaque, stale }),
    },
  });
  const refuse = (reason) => ({ refuse: { status: 403, reason } });

  /** Password and user id for a username, or a refusal reason. */
  function lookup(username) {
    if (Object.hasOwn(users, username)) {
      return { password: users[username], userId: username, credential: "static" };
    }
    const eph = sharedSecret ? parseEphemeralUsername(username) : null;
    if (!eph) return { error: "Unknown user" };
    if (eph.expires * 1000 <= now()) return { error: "Credentials expired" };
    return {
      password: ephemeralPassword(sharedSecret, username),
      userId: eph.userId,
      credential: "ephemeral",
    };
  }

  return {
    realm,
    check(request, kind, identityHeader) {
      const raw = header(request, kind === "www" ? "Authorization" : "Proxy-Authorization");
      const auth = parseDigest(raw);
      if (!auth || auth.realm !== realm) return challenge(kind);
      const nonce = nonces.check(auth.nonce, now());
      if (nonce === "invalid") return challenge(kind);
      const user = lookup(auth.username ?? "");
      if (user.error) return refuse(user.error);
      if (!verifyDigest(auth, request.method, user.password)) return refuse("Wrong credentials");
      // A correct answer to an old nonce: ask again with stale=true (RFC 2617 3.2.1), which
      // clients answer without prompting for a password.
      if (nonce === "stale") return challenge(kind, true);
      if (identityHeader) {
        const acting = parseUri(parseNameAddr(header(request, identityHeader)).uri)?.user;
        if (acting !== user.userId) return refuse(`Credentials are not ${acting}'s`);
      }
      return {
        ok: true,
        username: auth.username,
        userId: user.userId,
        credential: user.credential,
      };
    },
  };
}
