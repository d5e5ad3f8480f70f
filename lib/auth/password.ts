import "server-only";
import { hash, verify } from "@node-rs/argon2";
import { z } from "zod";

// OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane. (2 = Algorithm.Argon2id; the enum is const.)
const options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const passwordSchema = z
  .string()
  .min(8, "Password must be at least 8 characters")
  .max(256, "Password must be at most 256 characters");

export function hashPassword(password: string) {
  return hash(password, options);
}

// Verified against when the username does not exist, so both paths cost one argon2 verification.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | null, password: string) {
  dummyHash ??= hashPassword("timing-equaliser-not-a-real-password");
  const target = passwordHash ?? (await dummyHash);
  try {
    const ok = await verify(target, password);
    return ok && passwordHash !== null;
  } catch {
    return false;
  }
}
