import "server-only";
import { generatedSecretFile } from "@/lib/db/private-files";
import { dataDir, env, shareWithProxy } from "@/lib/env";

let cached: Uint8Array<ArrayBuffer> | undefined;

/**
 * The HMAC key for session tokens: AUTH_SECRET when set (required in production with
 * PostgreSQL, so every instance shares it), else one generated on first start and kept
 * in DATA_DIR with mode 0600 so sessions survive restarts on a laptop.
 */
export function authSecret(): Uint8Array<ArrayBuffer> {
  if (cached) return cached;
  if (env.AUTH_SECRET) {
    cached = new TextEncoder().encode(env.AUTH_SECRET);
    return cached;
  }
  cached = new TextEncoder().encode(generatedSecretFile(dataDir, "auth-secret"));
  return cached;
}

/**
 * Puts the generated secret where proxy.ts (which cannot import server modules or read files:
 * it must run wherever the platform puts it) looks for the key: AUTH_SECRET in this process's
 * environment. Only on a laptop or container without AUTH_SECRET; modules/deploy/lib/startup.ts calls it
 * before the server takes requests.
 */
export function shareGeneratedAuthSecret() {
  if (env.AUTH_SECRET) return;
  shareWithProxy("AUTH_SECRET", new TextDecoder().decode(authSecret()));
}
