-- CreateEnum
CREATE TYPE "TelephonyDtmfMode" AS ENUM ('rfc4733', 'info');

-- CreateEnum
CREATE TYPE "TelephonyCredentialMode" AS ENUM ('ephemeral');

-- CreateTable
CREATE TABLE "TelephonyLine" (
    "organizationId" UUID NOT NULL,
    "wsUrl" TEXT NOT NULL,
    "sipDomain" TEXT NOT NULL,
    "iceServers" JSONB NOT NULL DEFAULT '[]',
    "dtmfMode" "TelephonyDtmfMode" NOT NULL DEFAULT 'rfc4733',
    "credentialMode" "TelephonyCredentialMode" NOT NULL DEFAULT 'ephemeral',
    "secretCiphertext" TEXT NOT NULL,
    "secretSetAt" TIMESTAMP(3) NOT NULL,
    "updatedBy" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "TelephonyLine_pkey" PRIMARY KEY ("organizationId")
);

-- AddForeignKey
ALTER TABLE "TelephonyLine" ADD CONSTRAINT "TelephonyLine_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;
