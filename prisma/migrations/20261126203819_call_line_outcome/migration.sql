-- CreateEnum
CREATE TYPE "CallDirection" AS ENUM ('outbound', 'inbound');

-- CreateEnum
CREATE TYPE "CallOutcome" AS ENUM ('busy', 'no_answer', 'invalid_number', 'declined', 'failed', 'remote_hangup', 'no_audio', 'cancelled', 'completed');

-- AlterTable
ALTER TABLE "Call" ADD COLUMN     "averageMos" DOUBLE PRECISION,
ADD COLUMN     "direction" "CallDirection" NOT NULL DEFAULT 'outbound',
ADD COLUMN     "outcome" "CallOutcome",
ADD COLUMN     "qualitySamples" INTEGER,
ADD COLUMN     "sipStatus" INTEGER,
ADD COLUMN     "worstJitterMs" DOUBLE PRECISION,
ADD COLUMN     "worstLossFraction" DOUBLE PRECISION,
ADD COLUMN     "worstMos" DOUBLE PRECISION;

-- CreateIndex
CREATE INDEX "Call_userId_direction_startedAt_id_idx" ON "Call"("userId", "direction", "startedAt" DESC, "id" DESC);
