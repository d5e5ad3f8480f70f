-- Each direction's line quality beside the worse-of-both summary (additive: older calls keep
-- only the summary).
ALTER TABLE "Call" ADD COLUMN "incomingAverageMos" DOUBLE PRECISION,
ADD COLUMN "incomingWorstMos" DOUBLE PRECISION,
ADD COLUMN "incomingWorstJitterMs" DOUBLE PRECISION,
ADD COLUMN "incomingWorstLossFraction" DOUBLE PRECISION,
ADD COLUMN "outgoingAverageMos" DOUBLE PRECISION,
ADD COLUMN "outgoingWorstMos" DOUBLE PRECISION,
ADD COLUMN "outgoingWorstJitterMs" DOUBLE PRECISION,
ADD COLUMN "outgoingWorstLossFraction" DOUBLE PRECISION;
