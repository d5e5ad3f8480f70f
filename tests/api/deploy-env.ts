// Imported first by deploy-preview.test.ts: a preview deployment's settings, before anything
// loads lib/env (which reads process.env once).
export const cronSecret = "cron-secret-for-the-api-tests-0123";
process.env.CRON_SECRET = cronSecret;
process.env.HOUSEKEEPING_BATCH = "3";
process.env.APP_ENV = "preview";
process.env.MAIL_ALLOWED_DOMAINS = " Acme.io, @partner.test ";
