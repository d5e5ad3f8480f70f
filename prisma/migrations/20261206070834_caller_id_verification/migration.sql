-- AlterTable
ALTER TABLE "CallerIdNumber" ADD COLUMN     "verifiedAt" TIMESTAMP(3),
ADD COLUMN     "verifiedBy" TEXT;

-- Numbers already in a pool were presented on calls until now: they stay usable (approved as of
-- when they were added), so no team stops calling at this upgrade. New numbers a manager adds
-- wait for an operator's approval.
UPDATE "CallerIdNumber" SET "verifiedAt" = "createdAt", "verifiedBy" = "createdBy";
