-- Local caller ID (issue 29): an organization's pool of caller IDs. A call presents the one that
-- best matches the business, and Call.originatingNumber keeps the number presented.

-- CreateTable
CREATE TABLE "CallerIdNumber" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "number" TEXT NOT NULL,
    "country" TEXT NOT NULL,
    "region" TEXT,
    "isDefault" BOOLEAN NOT NULL DEFAULT false,
    "createdBy" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CallerIdNumber_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "CallerIdNumber_organizationId_createdAt_idx" ON "CallerIdNumber"("organizationId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "CallerIdNumber_organizationId_number_key" ON "CallerIdNumber"("organizationId", "number");

-- AddForeignKey
ALTER TABLE "CallerIdNumber" ADD CONSTRAINT "CallerIdNumber_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;
