-- Answering-machine detection on the call record: the detector's verdict, cause and time, the
-- rep's correction and the automatic voicemail (additive, all nullable: older calls have none).
CREATE TYPE "DetectionVerdict" AS ENUM ('human', 'machine', 'unknown');

ALTER TABLE "Call" ADD COLUMN "detectionVerdict" "DetectionVerdict",
ADD COLUMN "detectionCause" TEXT,
ADD COLUMN "detectionAtMs" INTEGER,
ADD COLUMN "detectionOverridden" BOOLEAN,
ADD COLUMN "automaticVoicemail" BOOLEAN;
