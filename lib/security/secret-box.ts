/**
 * Line secrets at rest: AES-256-GCM under a key derived (HKDF-SHA256) from
 * TELEPHONY_ENCRYPTION_KEY, bound to the organization the secret belongs to (its id is the
 * additional authenticated data), so a ciphertext copied onto another team's row does not open.
 * Stored as "v1.<key id>.<iv>.<tag>.<ciphertext>" (base64url parts). The key id tells "stored
 * with another key" apart from "altered". Pure: the key comes from ./encryption-key.ts.
 */
import crypto from "node:crypto";

export type SecretKey = { key: Buffer; id: string };

const version = "v1";

/** The 256-bit key and its short id from the configured key text (32+ characters). */
export function deriveSecretKey(material: string): SecretKey {
  const key = Buffer.from(
    crypto.hkdfSync(
      "sha256",
      Buffer.from(material, "utf8"),
      Buffer.from("dialflow/telephony"),
      Buffer.from("line-secret/v1"),
      32,
    ),
  );
  // Not secret: a one-way tag of the key, so a stored value names the key it needs.
  const id = crypto.createHash("sha256").update(key).update("key-id").digest("base64url");
  return { key, id: id.slice(0, 8) };
}

const aad = (organizationId: string) => `dialflow-telephony-line:${organizationId}`;

export function sealSecret(k: SecretKey, organizationId: string, secret: string): string {
  return sealBound(k, aad(organizationId), secret);
}

/**
 * Seals a secret bound to `context` (its additional authenticated data): other secrets at rest
 * (a user's TOTP secret, bound to the user) share the key but never open as one another.
 */
export function sealBound(k: SecretKey, context: string, secret: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", k.key, iv);
  cipher.setAAD(Buffer.from(context));
  const ciphertext = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [version, k.id, iv, tag, ciphertext]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

/** Why a stored secret cannot be read: another key, or the value was altered. */
export class SecretBoxError extends Error {
  constructor(readonly reason: "key_mismatch" | "tampered") {
    super(reason === "key_mismatch" ? "stored with another key" : "altered or corrupt");
    this.name = "SecretBoxError";
  }
}

export function openSecret(k: SecretKey, organizationId: string, sealed: string): string {
  return openBound(k, aad(organizationId), sealed);
}

export function openBound(k: SecretKey, context: string, sealed: string): string {
  const parts = sealed.split(".");
  if (parts.length !== 5 || parts[0] !== version) throw new SecretBoxError("tampered");
  if (parts[1] !== k.id) throw new SecretBoxError("key_mismatch");
  const [iv, tag, ciphertext] = parts.slice(2).map((p) => Buffer.from(p, "base64url"));
  if (iv!.length !== 12 || tag!.length !== 16) throw new SecretBoxError("tampered");
  try {
    const decipher = crypto.createDecipheriv("aes-256-gcm", k.key, iv!);
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(tag!);
    return Buffer.concat([decipher.update(ciphertext!), decipher.final()]).toString("utf8");
  } catch {
    throw new SecretBoxError("tampered");
  }
}
