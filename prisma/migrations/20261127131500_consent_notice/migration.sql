-- The recording consent notice (issue 29): the audio played to the far end before recording starts

-- AlterTable
ALTER TABLE "Organization" ADD COLUMN     "consentNoticeBytes" INTEGER,
ADD COLUMN     "consentNoticeMime" TEXT,
ADD COLUMN     "consentNoticeSha256" TEXT;
