-- Voicemail drop (issue 29): a rep's recorded messages, the audio in the recording store

-- CreateTable
CREATE TABLE "VoicemailMessage" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "mimeType" TEXT NOT NULL,
    "bytes" INTEGER NOT NULL,
    "sha256" TEXT NOT NULL,
    "durationMs" INTEGER,
    "isDefault" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "VoicemailMessage_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "VoicemailMessage_userId_createdAt_idx" ON "VoicemailMessage"("userId", "createdAt");

-- AddForeignKey
ALTER TABLE "VoicemailMessage" ADD CONSTRAINT "VoicemailMessage_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "VoicemailMessage" ADD CONSTRAINT "VoicemailMessage_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
