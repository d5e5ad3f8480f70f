// Line secrets at rest: AES-256-GCM round trip, a fresh IV each time, and every alteration, another
// key or another organization's row refused.
import { describe, expect, it } from "vitest";
import { deriveSecretKey, openSecret, sealSecret, SecretBoxError } from "@/lib/security/secret-box";

const key = deriveSecretKey("k".repeat(32) + "-test-telephony-key");
const org = "3b241101-e2bb-4255-8caf-4136c566a962";
const secret = "the team's shared secret, 32 chars";

const reasonOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err instanceof SecretBoxError ? err.reason : String(err);
  }
  return "opened";
};

describe("secret box", () => {
  it("derives a 256-bit key and a short key id, the same from the same text", () => {
    expect(key.key).toHaveLength(32);
    expect(deriveSecretKey("k".repeat(32) + "-test-telephony-key")).toEqual(key);
    expect(deriveSecretKey("another key of at least 32 characters!").id).not.toBe(key.id);
  });

  it("round-trips, never stores the plain text and never repeats a ciphertext", () => {
    const sealed = sealSecret(key, org, secret);
    expect(sealed).toMatch(/^v1\.[\w-]{8}\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain(secret);
    expect(sealed).not.toContain(Buffer.from(secret).toString("base64url"));
    expect(openSecret(key, org, sealed)).toBe(secret);
    expect(sealSecret(key, org, secret)).not.toBe(sealed);
  });

  it("detects any alteration of iv, tag or ciphertext", () => {
    const sealed = sealSecret(key, org, secret);
    const parts = sealed.split(".");
    for (const i of [2, 3, 4]) {
      const bytes = Buffer.from(parts[i]!, "base64url");
      bytes[0] = bytes[0]! ^ 1;
      const altered = [...parts];
      altered[i] = bytes.toString("base64url");
      expect(
        reasonOf(() => openSecret(key, org, altered.join("."))),
        `part ${i}`,
      ).toBe("tampered");
    }
    expect(reasonOf(() => openSecret(key, org, sealed.slice(0, -2)))).toBe("tampered");
    expect(reasonOf(() => openSecret(key, org, "not sealed"))).toBe("tampered");
  });

  it("opens only for the organization it was sealed for and with the key it was sealed with", () => {
    const sealed = sealSecret(key, org, secret);
    expect(reasonOf(() => openSecret(key, "0d5f1a1e-0000-4000-8000-000000000000", sealed))).toBe(
      "tampered",
    );
    const other = deriveSecretKey("another key of at least 32 characters!");
    expect(reasonOf(() => openSecret(other, org, sealed))).toBe("key_mismatch");
    // A forged key id does not help another key either.
    const forged = sealed.replace(`.${key.id}.`, `.${other.id}.`);
    expect(reasonOf(() => openSecret(other, org, forged))).toBe("tampered");
  });
});
