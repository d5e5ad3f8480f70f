-- CreateEnum
CREATE TYPE "WebhookEndpointStatus" AS ENUM ('active', 'paused');

-- CreateEnum
CREATE TYPE "WebhookDeliveryStatus" AS ENUM ('pending', 'delivered', 'failed');

-- CreateTable
CREATE TABLE "ApiKey" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "createdById" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "scopes" TEXT[],
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" TIMESTAMP(3),
    "revokedAt" TIMESTAMP(3),

    CONSTRAINT "ApiKey_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WebhookEndpoint" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "createdById" UUID NOT NULL,
    "url" TEXT NOT NULL,
    "events" TEXT[],
    "secretSealed" TEXT NOT NULL,
    "status" "WebhookEndpointStatus" NOT NULL DEFAULT 'active',
    "pausedAt" TIMESTAMP(3),
    "pausedReason" TEXT,
    "callbacksScannedTo" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WebhookEndpoint_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WebhookDelivery" (
    "id" TEXT NOT NULL,
    "endpointId" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "event" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "payload" TEXT,
    "dedupeKey" TEXT,
    "status" "WebhookDeliveryStatus" NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastAttemptAt" TIMESTAMP(3),
    "lastStatusCode" INTEGER,
    "lastError" TEXT,
    "deliveredAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WebhookDelivery_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ApiKey_hash_key" ON "ApiKey"("hash");

-- CreateIndex
CREATE INDEX "ApiKey_organizationId_createdAt_idx" ON "ApiKey"("organizationId", "createdAt");

-- CreateIndex
CREATE INDEX "WebhookEndpoint_organizationId_status_idx" ON "WebhookEndpoint"("organizationId", "status");

-- CreateIndex
CREATE INDEX "WebhookDelivery_status_nextAttemptAt_idx" ON "WebhookDelivery"("status", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "WebhookDelivery_endpointId_createdAt_idx" ON "WebhookDelivery"("endpointId", "createdAt" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "WebhookDelivery_endpointId_dedupeKey_key" ON "WebhookDelivery"("endpointId", "dedupeKey");

-- AddForeignKey
ALTER TABLE "ApiKey" ADD CONSTRAINT "ApiKey_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ApiKey" ADD CONSTRAINT "ApiKey_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WebhookEndpoint" ADD CONSTRAINT "WebhookEndpoint_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WebhookEndpoint" ADD CONSTRAINT "WebhookEndpoint_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WebhookDelivery" ADD CONSTRAINT "WebhookDelivery_endpointId_fkey" FOREIGN KEY ("endpointId") REFERENCES "WebhookEndpoint"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Webhook events (issue 33) are queued by the database in the transaction that makes them, so
-- every writer (recording, dispositions, imports, the demo seed) emits them without knowing of
-- them and no request waits on an endpoint: one outbox row per subscribed active endpoint. The
-- drain (lib/integrations/webhooks/drain.ts) builds each body when it first sends it.
-- Bodies are E strings with their semicolons written as \073: migrations are split into
-- statements at every semicolon before they reach PostgreSQL.
CREATE FUNCTION "webhook_enqueue"(org UUID, ev TEXT, subj TEXT) RETURNS void LANGUAGE sql AS E'
  INSERT INTO "WebhookDelivery" ("id", "endpointId", "organizationId", "event", "subject",
    "status", "attempts", "nextAttemptAt", "createdAt")
  SELECT ''msg_'' || replace(gen_random_uuid()::text, ''-'', ''''), e."id", org, ev, subj,
    ''pending'', 0, now() AT TIME ZONE ''UTC'', now() AT TIME ZONE ''UTC''
  FROM "WebhookEndpoint" e
  WHERE e."organizationId" = org AND e."status" = ''active'' AND ev = ANY (e."events")';

CREATE FUNCTION "webhook_call_events"() RETURNS trigger LANGUAGE plpgsql AS E'BEGIN
  IF NEW."endedAt" IS NOT NULL AND (TG_OP = ''INSERT'' OR OLD."endedAt" IS NULL) THEN
    PERFORM "webhook_enqueue"(NEW."organizationId", ''call.completed'', NEW."id")\073
  END IF\073
  IF NEW."disposition" IS NOT NULL AND (TG_OP = ''INSERT''
    OR (OLD."disposition", OLD."note", OLD."saleAmount", OLD."callbackAt")
      IS DISTINCT FROM (NEW."disposition", NEW."note", NEW."saleAmount", NEW."callbackAt")) THEN
    PERFORM "webhook_enqueue"(NEW."organizationId", ''call.outcome_set'', NEW."id")\073
  END IF\073
  RETURN NULL\073
END';

CREATE TRIGGER "Call_webhook_events" AFTER INSERT OR UPDATE ON "Call"
  FOR EACH ROW EXECUTE FUNCTION "webhook_call_events"();

CREATE FUNCTION "webhook_dnc_events"() RETURNS trigger LANGUAGE plpgsql AS E'BEGIN
  PERFORM "webhook_enqueue"(NEW."organizationId", ''do_not_call.added'', NEW."number")\073
  RETURN NULL\073
END';

CREATE TRIGGER "DoNotCallNumber_webhook_events" AFTER INSERT ON "DoNotCallNumber"
  FOR EACH ROW EXECUTE FUNCTION "webhook_dnc_events"();
