-- Parallel dialing's rules: when a call was abandoned (a person answered, no rep in time), the
-- team's country rules and its abandonment message (additive: defaults are the US/UK values).
-- CreateEnum
CREATE TYPE "DialCountry" AS ENUM ('US', 'GB');

-- AlterTable
ALTER TABLE "Call" ADD COLUMN     "abandonedAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "Organization" ADD COLUMN     "abandonCapPercent" DOUBLE PRECISION NOT NULL DEFAULT 3,
ADD COLUMN     "abandonMessageBytes" INTEGER,
ADD COLUMN     "abandonMessageMime" TEXT,
ADD COLUMN     "abandonMessageSha256" TEXT,
ADD COLUMN     "dialCountry" "DialCountry" NOT NULL DEFAULT 'US',
ADD COLUMN     "minRingSeconds" INTEGER NOT NULL DEFAULT 15,
ADD COLUMN     "noRedialHours" INTEGER NOT NULL DEFAULT 24;
