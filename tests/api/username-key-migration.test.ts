// The migration that makes usernames unique whatever their case, on a database that already
// holds names differing only in case: it applies, renames and locks out nobody, and leaves the
// oldest of them holding the name.
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";

const dir = path.resolve("prisma/migrations");
const target = "20261206064626_username_key";
const sqlOf = (name: string) => fs.readFileSync(path.join(dir, name, "migration.sql"), "utf8");

describe(`migration ${target}`, () => {
  it("keys existing accounts, the oldest of a case-insensitive clash keeping the plain key", async () => {
    const db = new PGlite();
    const before = fs
      .readdirSync(dir)
      .filter((name) => fs.statSync(path.join(dir, name)).isDirectory() && name < target)
      .sort();
    for (const name of before) await db.exec(sqlOf(name));
    const [org] = (
      await db.query<{ id: string }>(
        `INSERT INTO "Organization" ("id", "name") VALUES (gen_random_uuid(), 'Acme') RETURNING "id"`,
      )
    ).rows;
    const add = (username: string, createdAt: string) =>
      db.query(
        `INSERT INTO "User" ("id", "username", "passwordHash", "organizationId", "createdAt", "updatedAt")
         VALUES (gen_random_uuid(), $1, 'x', $2, $3, $3)`,
        [username, org!.id, createdAt],
      );
    await add("manager", "2026-01-02");
    await add("Manager", "2026-01-01");
    await add("MANAGER", "2026-01-03");
    await add("ana", "2026-01-01");

    await db.exec(sqlOf(target));
    const rows = (
      await db.query<{ id: string; username: string; usernameKey: string }>(
        `SELECT "id", "username", "usernameKey" FROM "User" ORDER BY "createdAt", "username"`,
      )
    ).rows;
    expect(rows.map((r) => r.username)).toEqual(["Manager", "ana", "manager", "MANAGER"]);
    const key = Object.fromEntries(rows.map((r) => [r.username, r.usernameKey]));
    expect(key.Manager).toBe("manager");
    expect(key.ana).toBe("ana");
    for (const later of rows.filter((r) => r.username === "manager" || r.username === "MANAGER")) {
      expect(later.usernameKey).toBe(`manager#${later.id}`);
    }
    // From now on the database refuses another "manager" in any case.
    await expect(
      db.query(
        `INSERT INTO "User" ("id", "username", "usernameKey", "passwordHash", "organizationId", "updatedAt")
         VALUES (gen_random_uuid(), 'mAnager', 'manager', 'x', $1, now())`,
        [org!.id],
      ),
    ).rejects.toThrow(/unique/i);
    await db.close();
  });
});
