-- CreateTable
CREATE TABLE "DoNotCallNumber" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "number" TEXT NOT NULL,
    "note" TEXT,
    "addedBy" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DoNotCallNumber_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DialReservation" (
    "organizationId" UUID NOT NULL,
    "placeId" TEXT NOT NULL,
    "userId" UUID NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "DialReservation_pkey" PRIMARY KEY ("organizationId","placeId")
);

-- CreateIndex
CREATE UNIQUE INDEX "DoNotCallNumber_organizationId_number_key" ON "DoNotCallNumber"("organizationId", "number");

-- CreateIndex
CREATE INDEX "DialReservation_userId_idx" ON "DialReservation"("userId");

-- AddForeignKey
ALTER TABLE "DoNotCallNumber" ADD CONSTRAINT "DoNotCallNumber_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DialReservation" ADD CONSTRAINT "DialReservation_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DialReservation" ADD CONSTRAINT "DialReservation_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
