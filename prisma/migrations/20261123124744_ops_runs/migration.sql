-- CreateTable
CREATE TABLE "OpsRun" (
    "name" TEXT NOT NULL,
    "runId" UUID NOT NULL,
    "operator" TEXT NOT NULL,
    "phase" TEXT NOT NULL,
    "startedAt" TIMESTAMP(3) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "finishedAt" TIMESTAMP(3),
    "lines" JSONB,
    "result" JSONB,

    CONSTRAINT "OpsRun_pkey" PRIMARY KEY ("name")
);
