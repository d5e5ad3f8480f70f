-- CreateIndex
CREATE INDEX "Call_analytics_rep_idx" ON "Call"("userId", "startedAt", "organizationId", "direction", "connectedAt", "talkSeconds", "disposition", "saleAmount", "businessUtcOffsetMinutes", "businessCategory");
