-- CreateEnum
CREATE TYPE "CallEndReason" AS ENUM ('local', 'remote', 'failed');

-- CreateEnum
CREATE TYPE "CallDisposition" AS ENUM ('interested', 'sale', 'callback', 'not_interested', 'voicemail', 'no_answer', 'busy', 'wrong_number', 'do_not_call');

-- AlterTable
ALTER TABLE "Organization" ADD COLUMN     "callerId" TEXT;

-- CreateTable
CREATE TABLE "Call" (
    "id" TEXT NOT NULL,
    "organizationId" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "placeId" TEXT,
    "dialedDigits" TEXT NOT NULL,
    "dialedNumber" TEXT,
    "originatingNumber" TEXT,
    "startedAt" TIMESTAMP(3) NOT NULL,
    "connectedAt" TIMESTAMP(3),
    "endedAt" TIMESTAMP(3),
    "talkSeconds" INTEGER,
    "endReason" "CallEndReason",
    "disposition" "CallDisposition",
    "note" TEXT,
    "saleAmount" DECIMAL(12,2),
    "callbackAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Call_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Call_organizationId_startedAt_id_idx" ON "Call"("organizationId", "startedAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "Call_userId_startedAt_id_idx" ON "Call"("userId", "startedAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "Call_organizationId_placeId_startedAt_idx" ON "Call"("organizationId", "placeId", "startedAt" DESC);

-- CreateIndex
CREATE INDEX "Call_organizationId_disposition_startedAt_idx" ON "Call"("organizationId", "disposition", "startedAt" DESC);

-- CreateIndex
CREATE INDEX "Call_organizationId_dialedNumber_idx" ON "Call"("organizationId", "dialedNumber");

-- CreateIndex
CREATE INDEX "Call_organizationId_dialedDigits_idx" ON "Call"("organizationId", "dialedDigits");

-- CreateIndex
CREATE INDEX "Call_organizationId_originatingNumber_idx" ON "Call"("organizationId", "originatingNumber");

-- AddForeignKey
ALTER TABLE "Call" ADD CONSTRAINT "Call_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Call" ADD CONSTRAINT "Call_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
