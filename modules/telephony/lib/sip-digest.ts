/**
 * SIP digest authentication, client side (RFC 3261 section 22 with RFC 2617's qop=auth, and
 * RFC 8760's SHA-256): reading a 401/407 challenge and answering it. Pure; used by the console's
 * line test (./line-test.ts) and usable by a test peer to check answers.
 */
import crypto from "node:crypto";

export type DigestChallenge = {
  realm: string;
  nonce: string;
  opaque?: string;
  /** As sent ("MD5" when absent). */
  algorithm: string;
  /** The qop options offered, lower case; empty for an RFC 2069 challenge. */
  qop: string[];
  stale: boolean;
};

/** Parameters of an auth header after its scheme: key=token or key="quoted \"string\"". */
function params(text: string): Map<string, string> {
  const out = new Map<string, string>();
  const re = /\s*([A-Za-z][\w-]*)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,"]*))\s*(?:,|$)/gy;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) !== null && m[0] !== "") {
    out.set(m[1]!.toLowerCase(), m[2] !== undefined ? m[2].replace(/\\(.)/g, "$1") : m[3]!);
  }
  return out;
}

/** A WWW-Authenticate / Proxy-Authenticate value as a digest challenge, or null. */
export function parseDigestChallenge(header: string): DigestChallenge | null {
  const m = /^\s*Digest\s+(.*)$/is.exec(header);
  if (!m) return null;
  const p = params(m[1]!);
  const realm = p.get("realm");
  const nonce = p.get("nonce");
  if (realm === undefined || !nonce) return null;
  return {
    realm,
    nonce,
    opaque: p.get("opaque"),
    algorithm: p.get("algorithm") ?? "MD5",
    qop: (p.get("qop") ?? "")
      .split(",")
      .map((q) => q.trim().toLowerCase())
      .filter(Boolean),
    stale: (p.get("stale") ?? "").toLowerCase() === "true",
  };
}

const hashes: Record<string, string> = { md5: "md5", "sha-256": "sha256" };

/** Whether this client can answer the challenge (MD5 or SHA-256; qop auth or none). */
export function canAnswer(challenge: DigestChallenge) {
  return (
    challenge.algorithm.toLowerCase() in hashes &&
    (challenge.qop.length === 0 || challenge.qop.includes("auth"))
  );
}

const quote = (value: string) => `"${value.replace(/["\\]/g, "\\$&")}"`;

/**
 * The Authorization / Proxy-Authorization value answering `challenge` for one request, or null
 * when it cannot be answered. `cnonce` and `nc` are given by the caller (tests use fixed ones).
 */
export function digestAuthorization(
  challenge: DigestChallenge,
  request: {
    username: string;
    password: string;
    method: string;
    uri: string;
    cnonce?: string;
    nc?: number;
  },
): string | null {
  if (!canAnswer(challenge)) return null;
  const algorithm = hashes[challenge.algorithm.toLowerCase()]!;
  const h = (text: string) => crypto.createHash(algorithm).update(text).digest("hex");
  const ha1 = h(`${request.username}:${challenge.realm}:${request.password}`);
  const ha2 = h(`${request.method}:${request.uri}`);
  const parts = [
    `username=${quote(request.username)}`,
    `realm=${quote(challenge.realm)}`,
    `nonce=${quote(challenge.nonce)}`,
    `uri=${quote(request.uri)}`,
  ];
  let response: string;
  if (challenge.qop.includes("auth")) {
    const nc = (request.nc ?? 1).toString(16).padStart(8, "0");
    const cnonce = request.cnonce ?? crypto.randomBytes(8).toString("hex");
    response = h(`${ha1}:${challenge.nonce}:${nc}:${cnonce}:auth:${ha2}`);
    parts.push(`response=${quote(response)}`, `cnonce=${quote(cnonce)}`, "qop=auth", `nc=${nc}`);
  } else {
    response = h(`${ha1}:${challenge.nonce}:${ha2}`);
    parts.push(`response=${quote(response)}`);
  }
  parts.push(`algorithm=${challenge.algorithm}`);
  if (challenge.opaque !== undefined) parts.push(`opaque=${quote(challenge.opaque)}`);
  return `Digest ${parts.join(", ")}`;
}
