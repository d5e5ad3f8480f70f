-- Issue 32: the best-time heatmap's rollup, and one rep's range of the hourly rollup.

-- CreateTable
CREATE TABLE "CallBusinessHourRollup" (
    "organizationId" UUID NOT NULL,
    "day" INTEGER NOT NULL,
    "weekHour" SMALLINT NOT NULL,
    "category" TEXT NOT NULL,
    "dials" INTEGER NOT NULL DEFAULT 0,
    "connects" INTEGER NOT NULL DEFAULT 0,
    "conversations" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "CallBusinessHourRollup_pkey" PRIMARY KEY ("organizationId","day","weekHour","category")
);

-- CreateIndex
CREATE INDEX "CallHourRollup_rep_idx" ON "CallHourRollup"("organizationId", "userId", "hour", "dials", "connects", "conversations", "sales", "talkSeconds", "revenue");

-- Kept like CallHourRollup (migration 20261127055800_call_hour_rollup): statement triggers with
-- transition tables, so every writer of Call keeps it and a bulk insert is one grouped upsert.
-- Only outbound calls with a business offset are placed (the heatmap's calls).
-- The key of a call: its UTC day, the hour of the week of startedAt plus the business offset
-- (0 is Monday 00:00, and 1 January 1970 was a Thursday, hence the 96 hours), its category or "".
-- An update counts only the calls whose counted columns changed, out of the old row and into
-- the new. Rows whose calls are all gone are deleted.
-- The conversation dispositions are those of DISPOSITION_FLAGS in lib/calls/dispositions.ts
-- (tests/api/analytics-rollup.test.ts checks them against it).
-- The body is an E string with its semicolons written as \073, because migrations are split
-- into statements at every semicolon before they reach PostgreSQL.
CREATE FUNCTION "call_business_hour_rollup_apply"() RETURNS trigger LANGUAGE plpgsql AS E'BEGIN
  IF TG_OP = ''TRUNCATE'' THEN
    DELETE FROM "CallBusinessHourRollup"\073
  ELSIF TG_OP = ''INSERT'' THEN
    INSERT INTO "CallBusinessHourRollup" AS r ("organizationId", "day", "weekHour", "category",
        "dials", "connects", "conversations")
      SELECT c."organizationId", floor(date_part(''epoch'', c."startedAt") / 86400)::int,
        ((floor((date_part(''epoch'', c."startedAt") + c."businessUtcOffsetMinutes" * 60) / 3600)::int - 96) % 168 + 168) % 168,
        COALESCE(c."businessCategory", ''''),
        SUM(c.sign)::int,
        SUM(CASE WHEN c."connectedAt" IS NOT NULL THEN c.sign ELSE 0 END)::int,
        SUM(CASE WHEN c."disposition" IN (''interested'', ''sale'', ''callback'', ''not_interested'') THEN c.sign ELSE 0 END)::int
      FROM (SELECT 1 AS sign, n.* FROM new_calls AS n) AS c
      WHERE c."direction" = ''outbound'' AND c."businessUtcOffsetMinutes" IS NOT NULL
      GROUP BY 1, 2, 3, 4
      ON CONFLICT ("organizationId", "day", "weekHour", "category") DO UPDATE SET
        "dials" = r."dials" + EXCLUDED."dials",
        "connects" = r."connects" + EXCLUDED."connects",
        "conversations" = r."conversations" + EXCLUDED."conversations"\073
  ELSIF TG_OP = ''DELETE'' THEN
    INSERT INTO "CallBusinessHourRollup" AS r ("organizationId", "day", "weekHour", "category",
        "dials", "connects", "conversations")
      SELECT c."organizationId", floor(date_part(''epoch'', c."startedAt") / 86400)::int,
        ((floor((date_part(''epoch'', c."startedAt") + c."businessUtcOffsetMinutes" * 60) / 3600)::int - 96) % 168 + 168) % 168,
        COALESCE(c."businessCategory", ''''),
        SUM(c.sign)::int,
        SUM(CASE WHEN c."connectedAt" IS NOT NULL THEN c.sign ELSE 0 END)::int,
        SUM(CASE WHEN c."disposition" IN (''interested'', ''sale'', ''callback'', ''not_interested'') THEN c.sign ELSE 0 END)::int
      FROM (SELECT -1 AS sign, o.* FROM old_calls AS o) AS c
      WHERE c."direction" = ''outbound'' AND c."businessUtcOffsetMinutes" IS NOT NULL
      GROUP BY 1, 2, 3, 4
      ON CONFLICT ("organizationId", "day", "weekHour", "category") DO UPDATE SET
        "dials" = r."dials" + EXCLUDED."dials",
        "connects" = r."connects" + EXCLUDED."connects",
        "conversations" = r."conversations" + EXCLUDED."conversations"\073
    DELETE FROM "CallBusinessHourRollup" AS r USING old_calls AS o
      WHERE r."dials" = 0 AND r."organizationId" = o."organizationId"
        AND r."day" = floor(date_part(''epoch'', o."startedAt") / 86400)::int\073
  ELSE
    INSERT INTO "CallBusinessHourRollup" AS r ("organizationId", "day", "weekHour", "category",
        "dials", "connects", "conversations")
      SELECT c."organizationId", floor(date_part(''epoch'', c."startedAt") / 86400)::int,
        ((floor((date_part(''epoch'', c."startedAt") + c."businessUtcOffsetMinutes" * 60) / 3600)::int - 96) % 168 + 168) % 168,
        COALESCE(c."businessCategory", ''''),
        SUM(c.sign)::int,
        SUM(CASE WHEN c."connectedAt" IS NOT NULL THEN c.sign ELSE 0 END)::int,
        SUM(CASE WHEN c."disposition" IN (''interested'', ''sale'', ''callback'', ''not_interested'') THEN c.sign ELSE 0 END)::int
      FROM (SELECT -1 AS sign, o.* FROM old_calls AS o JOIN new_calls AS n USING (id) WHERE (o."organizationId", o."direction", o."startedAt", o."connectedAt", o."disposition", o."businessUtcOffsetMinutes", o."businessCategory") IS DISTINCT FROM (n."organizationId", n."direction", n."startedAt", n."connectedAt", n."disposition", n."businessUtcOffsetMinutes", n."businessCategory") UNION ALL SELECT 1 AS sign, n.* FROM new_calls AS n JOIN old_calls AS o USING (id) WHERE (o."organizationId", o."direction", o."startedAt", o."connectedAt", o."disposition", o."businessUtcOffsetMinutes", o."businessCategory") IS DISTINCT FROM (n."organizationId", n."direction", n."startedAt", n."connectedAt", n."disposition", n."businessUtcOffsetMinutes", n."businessCategory")) AS c
      WHERE c."direction" = ''outbound'' AND c."businessUtcOffsetMinutes" IS NOT NULL
      GROUP BY 1, 2, 3, 4
      ON CONFLICT ("organizationId", "day", "weekHour", "category") DO UPDATE SET
        "dials" = r."dials" + EXCLUDED."dials",
        "connects" = r."connects" + EXCLUDED."connects",
        "conversations" = r."conversations" + EXCLUDED."conversations"\073
    DELETE FROM "CallBusinessHourRollup" AS r USING old_calls AS o
      WHERE r."dials" = 0 AND r."organizationId" = o."organizationId"
        AND r."day" = floor(date_part(''epoch'', o."startedAt") / 86400)::int\073
  END IF\073
  RETURN NULL\073
END';

CREATE TRIGGER "Call_business_hour_rollup_insert" AFTER INSERT ON "Call"
  REFERENCING NEW TABLE AS new_calls FOR EACH STATEMENT EXECUTE FUNCTION "call_business_hour_rollup_apply"();

CREATE TRIGGER "Call_business_hour_rollup_update" AFTER UPDATE ON "Call"
  REFERENCING OLD TABLE AS old_calls NEW TABLE AS new_calls
  FOR EACH STATEMENT EXECUTE FUNCTION "call_business_hour_rollup_apply"();

CREATE TRIGGER "Call_business_hour_rollup_delete" AFTER DELETE ON "Call"
  REFERENCING OLD TABLE AS old_calls FOR EACH STATEMENT EXECUTE FUNCTION "call_business_hour_rollup_apply"();

CREATE TRIGGER "Call_business_hour_rollup_truncate" AFTER TRUNCATE ON "Call"
  FOR EACH STATEMENT EXECUTE FUNCTION "call_business_hour_rollup_apply"();

-- Backfill: the calls recorded before this migration.
INSERT INTO "CallBusinessHourRollup" ("organizationId", "day", "weekHour", "category", "dials",
    "connects", "conversations")
  SELECT "organizationId", floor(date_part('epoch', "startedAt") / 86400)::int,
    ((floor((date_part('epoch', "startedAt") + "businessUtcOffsetMinutes" * 60) / 3600)::int - 96) % 168 + 168) % 168,
    COALESCE("businessCategory", ''),
    COUNT(*)::int, COUNT("connectedAt")::int,
    (COUNT(*) FILTER (WHERE "disposition" IN ('interested', 'sale', 'callback', 'not_interested')))::int
  FROM "Call" WHERE "direction" = 'outbound' AND "businessUtcOffsetMinutes" IS NOT NULL
  GROUP BY 1, 2, 3, 4;
