// HTTP digest authentication as SIP uses it (RFC 3261 22, RFC 2617 with qop=auth, MD5):
// both the server side (challenge, verify) for the peer and the client side for its tests.
import crypto from "node:crypto";
import { randomToken } from "./message.mjs";

const md5 = (text) => crypto.createHash("md5").update(text).digest("hex");

/** Parses `Digest a="b", c=d` into { a: "b", c: "d" } (keys lower-cased). */
export function parseDigest(value) {
  const text = String(value ?? "").trim();
  if (!/^digest\s/i.test(text)) return null;
  const params = {};
  const re = /([a-zA-Z0-9_-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^,\s]*))/g;
  for (const m of text.slice(7).matchAll(re)) params[m[1].toLowerCase()] = m[2] ?? m[3];
  return params;
}

/**
 * Nonces are signed timestamps, so the peer keeps no nonce table and can tell a stale nonce
 * (answered with a fresh challenge, stale=true) from a forged one.
 */
export function createNonceKeeper(lifetimeMs = 5 * 60_000) {
  const key = crypto.randomBytes(16);
  const sign = (stamp) => crypto.createHmac("sha256", key).update(stamp).digest("hex").slice(0, 16);
  return {
    issue(now = Date.now()) {
      const stamp = now.toString(16);
      return `${stamp}${sign(stamp)}`;
    },
    /** "ok" | "stale" | "invalid" */
    check(nonce, now = Date.now()) {
      const stamp = String(nonce ?? "").slice(0, -16);
      if (!stamp || sign(stamp) !== String(nonce).slice(-16)) return "invalid";
      return now - parseInt(stamp, 16) > lifetimeMs ? "stale" : "ok";
    },
  };
}

export function challengeHeader({ realm, nonce, opaque, stale = false }) {
  return (
    `Digest realm="${realm}", nonce="${nonce}", opaque="${opaque}", algorithm=MD5, qop="auth"` +
    (stale ? ", stale=true" : "")
  );
}

/** The response value both sides compute (RFC 2617 3.2.2.1, qop=auth). */
export function digestResponse({ username, password, realm, method, uri, nonce, nc, cnonce, qop }) {
  const ha1 = md5(`${username}:${realm}:${password}`);
  const ha2 = md5(`${method}:${uri}`);
  if (!qop) return md5(`${ha1}:${nonce}:${ha2}`);
  return md5(`${ha1}:${nonce}:${nc}:${cnonce}:${qop}:${ha2}`);
}

/** True when `auth` (parsed Authorization) proves knowledge of `password` for `method`. */
export function verifyDigest(auth, method, password) {
  const expected = digestResponse({ ...auth, password, method });
  const given = String(auth.response ?? "");
  return (
    given.length === expected.length &&
    crypto.timingSafeEqual(Buffer.from(given), Buffer.from(expected))
  );
}

/** Client side: the Authorization / Proxy-Authorization value answering `challenge`. */
export function authorize(challenge, { username, password, method, uri, nc = 1 }) {
  const c = parseDigest(challenge);
  if (!c) throw new Error(`not a digest challenge: ${challenge}`);
  const qop = c.qop ? "auth" : undefined;
  const cnonce = randomToken(8);
  const ncText = nc.toString(16).padStart(8, "0");
  const response = digestResponse({
    username,
    password,
    realm: c.realm,
    method,
    uri,
    nonce: c.nonce,
    nc: ncText,
    cnonce,
    qop,
  });
  const parts = [
    `username="${username}"`,
    `realm="${c.realm}"`,
    `nonce="${c.nonce}"`,
    `uri="${uri}"`,
    `response="${response}"`,
    "algorithm=MD5",
  ];
  if (c.opaque !== undefined) parts.push(`opaque="${c.opaque}"`);
  if (qop) parts.push(`qop=${qop}`, `nc=${ncText}`, `cnonce="${cnonce}"`);
  return `Digest ${parts.join(", ")}`;
}
