-- Call monitoring: a manager listens to, whispers to, joins or takes over a rep's live call
-- (the signalling sessions), when a call was first monitored, and whether reps are told (additive).
-- CreateEnum
CREATE TYPE "MonitorMode" AS ENUM ('listen', 'whisper', 'join');

-- AlterTable
ALTER TABLE "Call" ADD COLUMN     "monitoredAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "Organization" ADD COLUMN     "announceMonitoring" BOOLEAN NOT NULL DEFAULT true;

-- CreateTable
CREATE TABLE "MonitorSession" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "managerId" UUID NOT NULL,
    "repId" UUID NOT NULL,
    "callId" TEXT NOT NULL,
    "mode" "MonitorMode" NOT NULL,
    "offer" TEXT NOT NULL,
    "answer" TEXT,
    "startedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "connectedAt" TIMESTAMP(3),
    "endedAt" TIMESTAMP(3),
    "endReason" TEXT,
    "takeOverAt" TIMESTAMP(3),

    CONSTRAINT "MonitorSession_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "MonitorSession_repId_endedAt_idx" ON "MonitorSession"("repId", "endedAt");

-- CreateIndex
CREATE INDEX "MonitorSession_callId_idx" ON "MonitorSession"("callId");

-- AddForeignKey
ALTER TABLE "MonitorSession" ADD CONSTRAINT "MonitorSession_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MonitorSession" ADD CONSTRAINT "MonitorSession_managerId_fkey" FOREIGN KEY ("managerId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MonitorSession" ADD CONSTRAINT "MonitorSession_repId_fkey" FOREIGN KEY ("repId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
