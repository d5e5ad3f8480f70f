-- The language of the pause mail: the interface language of the manager who registered the endpoint.
ALTER TABLE "WebhookEndpoint" ADD COLUMN     "locale" TEXT;
