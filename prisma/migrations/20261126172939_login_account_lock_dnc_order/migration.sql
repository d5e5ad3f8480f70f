-- AlterTable
ALTER TABLE "LoginThrottle" ADD COLUMN     "lockedUntil" TIMESTAMP(3);

-- CreateIndex
CREATE INDEX "DoNotCallNumber_organizationId_createdAt_id_idx" ON "DoNotCallNumber"("organizationId", "createdAt" DESC, "id" DESC);
