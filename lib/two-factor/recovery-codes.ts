import "server-only";
import crypto from "node:crypto";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import { getDb } from "@/lib/db/client";
import { tablesOf, type TwoFactorKind } from "./accounts";

// Recovery codes are stored as the password hash (argon2id, a salt of its own per code) of the
// code's SHA-256 digest: the table is as exposed as the password table, and ~50 bits behind a
// fast unsalted hash fall to a GPU. The digest inside keeps codes stored before this working: an
// old row holds that very digest, and `upgradeLegacyRecoveryCodes` wraps it in argon2id in place
// (housekeeping, at start-up and hourly), so no code's plain text is ever needed. Until then an
// old row is still matched by its digest.

/** The SHA-256 digest of a normalized code (what old rows hold, and what argon2id hashes now). */
const digestOf = (normalized: string) =>
  crypto.createHash("sha256").update(`dialflow-recovery:${normalized}`).digest("base64url");

const isArgon = (stored: string) => stored.startsWith("$argon2");

/** What is stored for a new code (normalized: no dash). */
export const storedRecoveryCode = (normalized: string) => hashPassword(digestOf(normalized));

function sameDigest(stored: string, digest: string) {
  const a = Buffer.from(stored);
  const b = Buffer.from(digest);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/**
 * Marks the account's matching unused recovery code used. Each code has its own salt, so the
 * unused ones (ten at most) are checked one by one; the guarded update wins once, also against a
 * concurrent request with the same code.
 */
export async function consumeRecoveryCode(kind: TwoFactorKind, ownerId: string, code: string) {
  const db = await getDb();
  const t = tablesOf(kind);
  const digest = digestOf(code);
  const unused = await db.$queryRaw<{ id: string; codeHash: string }[]>`
    SELECT "id", "codeHash" FROM ${t.codes}
    WHERE ${t.owner} = ${ownerId}::uuid AND "usedAt" IS NULL ORDER BY "createdAt", "id"`;
  for (const row of unused) {
    const match = isArgon(row.codeHash)
      ? await verifyPassword(row.codeHash, digest)
      : sameDigest(row.codeHash, digest);
    if (!match) continue;
    const used = await db.$executeRaw`
      UPDATE ${t.codes} SET "usedAt" = ${new Date()}
      WHERE "id" = ${row.id}::uuid AND "usedAt" IS NULL`;
    return used > 0;
  }
  return false;
}

/** Wraps up to `limit` old digests of each table in argon2id; returns how many it wrapped. */
export async function upgradeLegacyRecoveryCodes(limit = 200) {
  const db = await getDb();
  let upgraded = 0;
  for (const kind of ["user", "operator"] as const) {
    const t = tablesOf(kind);
    const rows = await db.$queryRaw<{ id: string; codeHash: string }[]>`
      SELECT "id", "codeHash" FROM ${t.codes}
      WHERE "usedAt" IS NULL AND "codeHash" NOT LIKE '$argon2%' LIMIT ${limit}`;
    for (const row of rows) {
      // Guarded on the digest read: a row used or replaced meanwhile is left alone.
      upgraded += await db.$executeRaw`
        UPDATE ${t.codes} SET "codeHash" = ${await hashPassword(row.codeHash)}
        WHERE "id" = ${row.id}::uuid AND "codeHash" = ${row.codeHash}`;
    }
  }
  return upgraded;
}
