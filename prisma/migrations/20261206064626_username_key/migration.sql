-- Usernames are unique whatever their case and Unicode form: "usernameKey" is the username
-- NFKC-normalised and lower-cased (lib/accounts/username.ts), unique.
-- AlterTable
ALTER TABLE "User" ADD COLUMN     "usernameKey" TEXT;

-- Existing accounts: the oldest of names that differ only in case keeps the plain key, so no new
-- account can take that name again, and any later one keeps signing in under its own name, its
-- key made unique with its id. No account is renamed or locked out. (No semicolons in these
-- comments: the migration engine splits a script at each one.)
WITH "ranked" AS (
  SELECT "id", lower(normalize("username", NFKC)) AS "key",
    row_number() OVER (PARTITION BY lower(normalize("username", NFKC)) ORDER BY "createdAt", "id") AS "n"
  FROM "User"
)
UPDATE "User" SET "usernameKey" = CASE WHEN "ranked"."n" = 1 THEN "ranked"."key"
    ELSE "ranked"."key" || '#' || "User"."id"::text END
FROM "ranked" WHERE "ranked"."id" = "User"."id";

ALTER TABLE "User" ALTER COLUMN "usernameKey" SET NOT NULL;

-- CreateIndex
CREATE UNIQUE INDEX "User_usernameKey_key" ON "User"("usernameKey");
