-- Callbacks (issue 30): when each appointment is due, for the Callbacks screen and reminders,
-- and the team's account record of each business it works (the name and number the rep used).

-- AlterTable
ALTER TABLE "AccountItem" ADD COLUMN "dueAt" TIMESTAMP(3);

-- Appointments stored before this column: their time is the item's "ts" (ms since the epoch),
-- within the years 2000-2099 as the schema requires (a legacy item outside it stays undated).
UPDATE "AccountItem"
SET "dueAt" = to_timestamp(("data"->>'ts')::double precision / 1000) AT TIME ZONE 'UTC'
WHERE "kind" = 'appointment' AND NOT "deleted"
  -- CASE, not AND: the cast must never meet a "ts" that is not a number.
  AND CASE WHEN jsonb_typeof("data"->'ts') = 'number'
    THEN ("data"->>'ts')::double precision >= 946684800000
      AND ("data"->>'ts')::double precision < 4102444800000
    ELSE false END;

-- CreateIndex
CREATE INDEX "AccountItem_organizationId_dueAt_idx" ON "AccountItem"("organizationId", "dueAt");

-- CreateTable
CREATE TABLE "Account" (
    "organizationId" UUID NOT NULL,
    "placeId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "phone" TEXT,
    "utcOffsetMinutes" INTEGER,
    "updatedById" UUID NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Account_pkey" PRIMARY KEY ("organizationId","placeId")
);

-- AddForeignKey
ALTER TABLE "Account" ADD CONSTRAINT "Account_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Account" ADD CONSTRAINT "Account_updatedById_fkey" FOREIGN KEY ("updatedById") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
