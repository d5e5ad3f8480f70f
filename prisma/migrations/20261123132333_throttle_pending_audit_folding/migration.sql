-- AlterTable
ALTER TABLE "AuditEvent" ADD COLUMN     "count" INTEGER NOT NULL DEFAULT 1,
ADD COLUMN     "foldKey" TEXT,
ADD COLUMN     "lastAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "LoginThrottle" ADD COLUMN     "pending" INTEGER NOT NULL DEFAULT 0;

-- CreateIndex
CREATE UNIQUE INDEX "AuditEvent_foldKey_key" ON "AuditEvent"("foldKey");
