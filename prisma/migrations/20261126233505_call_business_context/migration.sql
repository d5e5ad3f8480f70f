-- Issue 32: the business's UTC offset and category on each call (the best-time heatmap), and
-- one index that Analytics aggregates from without reading the table.
-- AlterTable
ALTER TABLE "Call" ADD COLUMN     "businessCategory" TEXT,
ADD COLUMN     "businessUtcOffsetMinutes" INTEGER;

-- CreateIndex
CREATE INDEX "Call_analytics_idx" ON "Call"("organizationId", "startedAt", "userId", "direction", "connectedAt", "talkSeconds", "disposition", "saleAmount", "businessUtcOffsetMinutes", "businessCategory");
