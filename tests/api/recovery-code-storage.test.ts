// Recovery codes are stored like passwords (argon2id, a salt per code), and codes stored before
// that as bare SHA-256 keep working: they are accepted as they are and wrapped in argon2id by
// housekeeping, after which they still work. PGlite and PostgreSQL.
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { codeAt, stillClock } from "./totp-clock";

const { POST: loginRoute } = await import("@/app/api/auth/login/route");
const { POST: secondStepRoute } = await import("@/app/api/auth/login/2fa/route");
const { POST: setupRoute } = await import("@/app/api/auth/2fa/setup/route");
const { POST: enableRoute } = await import("@/app/api/auth/2fa/enable/route");
const { getDb } = await import("@/lib/db/client");
const { pruneExpiredAuthRows } = await import("@/modules/deploy/lib/housekeeping");
const { createAccount, loginAs, request } = await import("./helpers");

const advance = stillClock();
const ip = `198.51.${crypto.randomInt(256)}.7`;
const sha256Digest = (normalized: string) =>
  crypto.createHash("sha256").update(`dialflow-recovery:${normalized}`).digest("base64url");

async function enrolled() {
  const account = await createAccount();
  const token = await loginAs(account, ip);
  const setup = await setupRoute(request("POST", "/api/auth/2fa/setup", { token, ip }));
  const { secret } = (await setup.json()) as { secret: string };
  const enable = await enableRoute(
    request("POST", "/api/auth/2fa/enable", {
      token,
      ip,
      body: { code: codeAt(secret), password: account.password },
    }),
  );
  expect(enable.status).toBe(200);
  const { recoveryCodes } = (await enable.json()) as { recoveryCodes: string[] };
  advance(30_000);
  const user = await (
    await getDb()
  ).user.findUniqueOrThrow({
    where: { username: account.username },
  });
  return { ...account, userId: user.id, recoveryCodes };
}

async function signInWith(a: { username: string; password: string }, code: string) {
  const first = await loginRoute(
    request("POST", "/api/auth/login", {
      ip,
      body: { username: a.username, password: a.password },
    }),
  );
  const { challenge } = (await first.json()) as { challenge: string };
  return secondStepRoute(request("POST", "/api/auth/login/2fa", { ip, body: { challenge, code } }));
}

describe("stored recovery codes", () => {
  it("are argon2id hashes with a salt each, never the code's SHA-256; a code still signs in once", async () => {
    const me = await enrolled();
    const stored = await (await getDb()).recoveryCode.findMany({ where: { userId: me.userId } });
    expect(stored).toHaveLength(10);
    for (const row of stored) expect(row.codeHash).toMatch(/^\$argon2id\$/);
    const digests = me.recoveryCodes.map((c) => sha256Digest(c.replace("-", "")));
    for (const row of stored) expect(digests).not.toContain(row.codeHash);
    // Salted: no two rows share a salt.
    expect(new Set(stored.map((r) => r.codeHash.split("$")[4])).size).toBe(10);

    const code = me.recoveryCodes[3]!;
    expect((await signInWith(me, code)).status).toBe(200);
    expect((await signInWith(me, code)).status).toBe(401);
  });

  it("a code stored as bare SHA-256 works before and after housekeeping wraps it", async () => {
    const me = await enrolled();
    const db = await getDb();
    const legacy = ["abcde23456", "zyxwv98765"];
    await db.recoveryCode.createMany({
      data: legacy.map((c) => ({ userId: me.userId, codeHash: sha256Digest(c) })),
    });
    expect((await signInWith(me, "abcde-23456")).status).toBe(200);

    const result = await pruneExpiredAuthRows();
    expect(result.recoveryCodes).toBeGreaterThanOrEqual(1);
    const wrapped = await db.recoveryCode
      .findFirstOrThrow({
        where: { userId: me.userId, usedAt: null, codeHash: { not: { startsWith: "$argon2" } } },
      })
      .catch(() => null);
    expect(wrapped).toBeNull();
    expect((await signInWith(me, "zyxwv-98765")).status).toBe(200);
    expect((await signInWith(me, "zyxwv-98765")).status).toBe(401);
  });
});
