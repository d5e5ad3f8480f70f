-- Roles inside an organization (issue 33): rep or manager. Every existing member becomes a rep,
-- except each organization's first member (earliest created, then lowest id), who stood in as
-- its manager until now (Analytics' owner rule) and becomes its manager. A disabled first member
-- cannot sign in to manage anything: the first active member is chosen before any disabled one.
-- CreateEnum
CREATE TYPE "MemberRole" AS ENUM ('rep', 'manager');

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "role" "MemberRole" NOT NULL DEFAULT 'rep';

-- The first member of each organization becomes its manager
UPDATE "User" u SET "role" = 'manager'
FROM (
  SELECT DISTINCT ON ("organizationId") "id"
  FROM "User"
  ORDER BY "organizationId", "disabled" ASC, "createdAt" ASC, "id" ASC
) firsts
WHERE u."id" = firsts."id";
