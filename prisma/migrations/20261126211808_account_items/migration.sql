-- CreateEnum
CREATE TYPE "AccountItemKind" AS ENUM ('note', 'appointment', 'contact', 'phone', 'address');

-- CreateTable
CREATE TABLE "AccountItem" (
    "organizationId" UUID NOT NULL,
    "placeId" TEXT NOT NULL,
    "kind" "AccountItemKind" NOT NULL,
    "itemId" TEXT NOT NULL,
    "data" JSONB,
    "deleted" BOOLEAN NOT NULL DEFAULT false,
    "needsFixing" BOOLEAN NOT NULL DEFAULT false,
    "createdById" UUID NOT NULL,
    "updatedById" UUID NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "seq" BIGSERIAL NOT NULL,

    CONSTRAINT "AccountItem_pkey" PRIMARY KEY ("organizationId","placeId","kind","itemId")
);

-- CreateIndex
CREATE INDEX "AccountItem_organizationId_placeId_seq_idx" ON "AccountItem"("organizationId", "placeId", "seq");

-- AddForeignKey
ALTER TABLE "AccountItem" ADD CONSTRAINT "AccountItem_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AccountItem" ADD CONSTRAINT "AccountItem_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AccountItem" ADD CONSTRAINT "AccountItem_updatedById_fkey" FOREIGN KEY ("updatedById") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
