-- Blind transfer: who took a call over and when, and on the teammate's record the call it came
-- from (additive).
ALTER TABLE "Call" ADD COLUMN "transferredAt" TIMESTAMP(3),
ADD COLUMN "transferredToUserId" UUID,
ADD COLUMN "transferredToNumber" TEXT,
ADD COLUMN "transferredFromCallId" TEXT;
