-- AlterTable
ALTER TABLE "Invitation" ADD COLUMN     "invitedByOperatorId" UUID,
ADD COLUMN     "invitedByUserId" UUID;

-- Pending invitations name their sender by username only: a member of the invitation's team
-- first, else an operator. One whose sender matches neither cannot be checked and is refused
-- when accepted.
UPDATE "Invitation" i SET "invitedByUserId" = u."id"
FROM "User" u
WHERE i."invitedByUserId" IS NULL AND u."username" = i."invitedBy"
  AND u."organizationId" = i."organizationId";

UPDATE "Invitation" i SET "invitedByOperatorId" = o."id"
FROM "Operator" o
WHERE i."invitedByUserId" IS NULL AND i."invitedByOperatorId" IS NULL
  AND o."username" = i."invitedBy";
