import "server-only";
import { ApiError } from "@/lib/api/errors";
import { generatedSecretFile } from "@/lib/db/private-files";
import { dataDir, env, isEmbedded, isServerless } from "@/lib/env";
import { deriveSecretKey, type SecretKey } from "./secret-box";

// The key that encrypts secrets at rest: phone lines' (modules/telephony, the first to use it,
// hence its name), webhook endpoints' (modules/integrations) and two-factor secrets
// (lib/two-factor/totp.ts). TELEPHONY_ENCRYPTION_KEY when set. Unset, it is generated once into
// DATA_DIR (mode 0600), as lib/auth/secret.ts does for AUTH_SECRET, but only where one
// process owns both that directory and the database that stores the ciphertexts: never in
// production with DATABASE_URL (each instance would generate its own key and none could read
// the others' secrets), never serverless (/tmp does not outlive the instance). There, saving or
// using a line answers 503 `telephony_key_missing` until the setting is given; the console shows
// why before anyone types a secret.

let cached: SecretKey | undefined;

/**
 * Where the key comes from: the environment, a file generated in DATA_DIR (one embedded server),
 * or nowhere (lines can be neither saved nor used).
 */
export type KeySource = "env" | "generated" | "missing";

export function keySource(): KeySource {
  if (env.TELEPHONY_ENCRYPTION_KEY) return "env";
  if (isServerless || (env.NODE_ENV === "production" && !isEmbedded)) return "missing";
  return "generated";
}

/** The key, or null where none may be generated and none is configured. */
export function telephonyKey(): SecretKey | null {
  if (cached) return cached;
  const source = keySource();
  if (source === "missing") return null;
  cached = deriveSecretKey(
    source === "env"
      ? env.TELEPHONY_ENCRYPTION_KEY!
      : generatedSecretFile(dataDir, "telephony-key"),
  );
  return cached;
}

export function requireTelephonyKey(): SecretKey {
  const key = telephonyKey();
  if (!key) {
    throw new ApiError(
      "unavailable",
      "TELEPHONY_ENCRYPTION_KEY is not set: phone lines cannot be saved or used on this deployment",
      { code: "telephony_key_missing" },
    );
  }
  return key;
}
