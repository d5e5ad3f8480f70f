import "server-only";
import os from "node:os";
import { hash as argonHash, verify as argonVerify } from "@node-rs/argon2";
import { z } from "zod";

// OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane. (2 = Algorithm.Argon2id; the enum is const.)
const options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

// At most one hash per core at a time. Each takes a core for its whole run (~20 ms); more at
// once (libuv runs four) would not finish sooner, only crowd out the thread that serves
// requests, so health checks and other requests would wait behind a burst of sign-ins.
const maxConcurrentHashes = Math.max(1, os.availableParallelism());
let running = 0;
const waiting: (() => void)[] = [];

async function limited<T>(run: () => Promise<T>): Promise<T> {
  if (running >= maxConcurrentHashes) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await run();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

const hash = (password: string, opts: typeof options) => limited(() => argonHash(password, opts));
const verify = (hashed: string, password: string) => limited(() => argonVerify(hashed, password));

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
