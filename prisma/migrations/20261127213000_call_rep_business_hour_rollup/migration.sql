-- Issue 32: one rep's best-time heatmap from a rollup, the last figure over target (a rep's
-- year, 3.25x its floor, docs/performance.md).

-- CreateTable
CREATE TABLE "CallRepBusinessHourRollup" (
    "organizationId" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "period" INTEGER NOT NULL,
    "weekHour" SMALLINT NOT NULL,
    "category" TEXT NOT NULL,
    "dials" INTEGER NOT NULL DEFAULT 0,
    "connects" INTEGER NOT NULL DEFAULT 0,
    "conversations" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "CallRepBusinessHourRollup_pkey" PRIMARY KEY ("organizationId","userId","period","weekHour","category")
);

-- A table of its own, not a rep column in CallBusinessHourRollup: the team's heatmap keeps
-- reading its ~150 rows a day, where rows per rep would be about as many as the calls (a rep's
-- day of calls rarely shares a cell of hour of the week and category).
-- For the same reason its unit is not a day but a period of 91 UTC days (13 weeks, 7862400
-- seconds, counted from 1 January 1970): a period of one rep's calls fills at most 168 cells per
-- category, so a year of one rep in the benchmark is about 6,000 rows instead of 20,000 calls,
-- where a day or a week would hold about a row per call. The partial periods at a range's ends
-- come from the calls (at most two periods of one rep's calls).
-- Kept exactly like CallBusinessHourRollup (migration 20261127140000_call_business_hour_rollup):
-- statement triggers with transition tables, in the writer's transaction, the same hour of the
-- week and the same conversation dispositions (DISPOSITION_FLAGS in lib/calls/dispositions.ts).
-- An update counts only the calls whose counted columns (the rep among them) changed, out of the
-- old row and into the new. A row whose calls are all gone is deleted by its whole key, a lookup
-- of the primary key per old call.
-- The body is an E string with its semicolons written as \073, because migrations are split
-- into statements at every semicolon before they reach PostgreSQL.
CREATE FUNCTION "call_rep_business_hour_rollup_apply"() RETURNS trigger LANGUAGE plpgsql AS E'BEGIN
  IF TG_OP = ''TRUNCATE'' THEN
    DELETE FROM "CallRepBusinessHourRollup"\073
  ELSIF TG_OP = ''INSERT'' THEN
    INSERT INTO "CallRepBusinessHourRollup" AS r ("organizationId", "userId", "period", "weekHour",
        "category", "dials", "connects", "conversations")
      SELECT c."organizationId", c."userId", floor(date_part(''epoch'', c."startedAt") / 7862400)::int,
        ((floor((date_part(''epoch'', c."startedAt") + c."businessUtcOffsetMinutes" * 60) / 3600)::int - 96) % 168 + 168) % 168,
        COALESCE(c."businessCategory", ''''),
        SUM(c.sign)::int,
        SUM(CASE WHEN c."connectedAt" IS NOT NULL THEN c.sign ELSE 0 END)::int,
        SUM(CASE WHEN c."disposition" IN (''interested'', ''sale'', ''callback'', ''not_interested'') THEN c.sign ELSE 0 END)::int
      FROM (SELECT 1 AS sign, n.* FROM new_calls AS n) AS c
      WHERE c."direction" = ''outbound'' AND c."businessUtcOffsetMinutes" IS NOT NULL
      GROUP BY 1, 2, 3, 4, 5
      ON CONFLICT ("organizationId", "userId", "period", "weekHour", "category") DO UPDATE SET
        "dials" = r."dials" + EXCLUDED."dials",
        "connects" = r."connects" + EXCLUDED."connects",
        "conversations" = r."conversations" + EXCLUDED."conversations"\073
  ELSIF TG_OP = ''DELETE'' THEN
    INSERT INTO "CallRepBusinessHourRollup" AS r ("organizationId", "userId", "period", "weekHour",
        "category", "dials", "connects", "conversations")
      SELECT c."organizationId", c."userId", floor(date_part(''epoch'', c."startedAt") / 7862400)::int,
        ((floor((date_part(''epoch'', c."startedAt") + c."businessUtcOffsetMinutes" * 60) / 3600)::int - 96) % 168 + 168) % 168,
        COALESCE(c."businessCategory", ''''),
        SUM(c.sign)::int,
        SUM(CASE WHEN c."connectedAt" IS NOT NULL THEN c.sign ELSE 0 END)::int,
        SUM(CASE WHEN c."disposition" IN (''interested'', ''sale'', ''callback'', ''not_interested'') THEN c.sign ELSE 0 END)::int
      FROM (SELECT -1 AS sign, o.* FROM old_calls AS o) AS c
      WHERE c."direction" = ''outbound'' AND c."businessUtcOffsetMinutes" IS NOT NULL
      GROUP BY 1, 2, 3, 4, 5
      ON CONFLICT ("organizationId", "userId", "period", "weekHour", "category") DO UPDATE SET
        "dials" = r."dials" + EXCLUDED."dials",
        "connects" = r."connects" + EXCLUDED."connects",
        "conversations" = r."conversations" + EXCLUDED."conversations"\073
    DELETE FROM "CallRepBusinessHourRollup" AS r USING old_calls AS o
      WHERE r."dials" = 0 AND r."organizationId" = o."organizationId" AND r."userId" = o."userId"
        AND r."period" = floor(date_part(''epoch'', o."startedAt") / 7862400)::int
        AND r."weekHour" = ((floor((date_part(''epoch'', o."startedAt") + o."businessUtcOffsetMinutes" * 60) / 3600)::int - 96) % 168 + 168) % 168
        AND r."category" = COALESCE(o."businessCategory", '''')\073
  ELSE
    INSERT INTO "CallRepBusinessHourRollup" AS r ("organizationId", "userId", "period", "weekHour",
        "category", "dials", "connects", "conversations")
      SELECT c."organizationId", c."userId", floor(date_part(''epoch'', c."startedAt") / 7862400)::int,
        ((floor((date_part(''epoch'', c."startedAt") + c."businessUtcOffsetMinutes" * 60) / 3600)::int - 96) % 168 + 168) % 168,
        COALESCE(c."businessCategory", ''''),
        SUM(c.sign)::int,
        SUM(CASE WHEN c."connectedAt" IS NOT NULL THEN c.sign ELSE 0 END)::int,
        SUM(CASE WHEN c."disposition" IN (''interested'', ''sale'', ''callback'', ''not_interested'') THEN c.sign ELSE 0 END)::int
      FROM (SELECT -1 AS sign, o.* FROM old_calls AS o JOIN new_calls AS n USING (id) WHERE (o."organizationId", o."userId", o."direction", o."startedAt", o."connectedAt", o."disposition", o."businessUtcOffsetMinutes", o."businessCategory") IS DISTINCT FROM (n."organizationId", n."userId", n."direction", n."startedAt", n."connectedAt", n."disposition", n."businessUtcOffsetMinutes", n."businessCategory") UNION ALL SELECT 1 AS sign, n.* FROM new_calls AS n JOIN old_calls AS o USING (id) WHERE (o."organizationId", o."userId", o."direction", o."startedAt", o."connectedAt", o."disposition", o."businessUtcOffsetMinutes", o."businessCategory") IS DISTINCT FROM (n."organizationId", n."userId", n."direction", n."startedAt", n."connectedAt", n."disposition", n."businessUtcOffsetMinutes", n."businessCategory")) AS c
      WHERE c."direction" = ''outbound'' AND c."businessUtcOffsetMinutes" IS NOT NULL
      GROUP BY 1, 2, 3, 4, 5
      ON CONFLICT ("organizationId", "userId", "period", "weekHour", "category") DO UPDATE SET
        "dials" = r."dials" + EXCLUDED."dials",
        "connects" = r."connects" + EXCLUDED."connects",
        "conversations" = r."conversations" + EXCLUDED."conversations"\073
    DELETE FROM "CallRepBusinessHourRollup" AS r USING old_calls AS o
      WHERE r."dials" = 0 AND r."organizationId" = o."organizationId" AND r."userId" = o."userId"
        AND r."period" = floor(date_part(''epoch'', o."startedAt") / 7862400)::int
        AND r."weekHour" = ((floor((date_part(''epoch'', o."startedAt") + o."businessUtcOffsetMinutes" * 60) / 3600)::int - 96) % 168 + 168) % 168
        AND r."category" = COALESCE(o."businessCategory", '''')\073
  END IF\073
  RETURN NULL\073
END';

CREATE TRIGGER "Call_rep_business_hour_rollup_insert" AFTER INSERT ON "Call"
  REFERENCING NEW TABLE AS new_calls FOR EACH STATEMENT EXECUTE FUNCTION "call_rep_business_hour_rollup_apply"();

CREATE TRIGGER "Call_rep_business_hour_rollup_update" AFTER UPDATE ON "Call"
  REFERENCING OLD TABLE AS old_calls NEW TABLE AS new_calls
  FOR EACH STATEMENT EXECUTE FUNCTION "call_rep_business_hour_rollup_apply"();

CREATE TRIGGER "Call_rep_business_hour_rollup_delete" AFTER DELETE ON "Call"
  REFERENCING OLD TABLE AS old_calls FOR EACH STATEMENT EXECUTE FUNCTION "call_rep_business_hour_rollup_apply"();

CREATE TRIGGER "Call_rep_business_hour_rollup_truncate" AFTER TRUNCATE ON "Call"
  FOR EACH STATEMENT EXECUTE FUNCTION "call_rep_business_hour_rollup_apply"();

-- Backfill: the calls recorded before this migration.
INSERT INTO "CallRepBusinessHourRollup" ("organizationId", "userId", "period", "weekHour",
    "category", "dials", "connects", "conversations")
  SELECT "organizationId", "userId", floor(date_part('epoch', "startedAt") / 7862400)::int,
    ((floor((date_part('epoch', "startedAt") + "businessUtcOffsetMinutes" * 60) / 3600)::int - 96) % 168 + 168) % 168,
    COALESCE("businessCategory", ''),
    COUNT(*)::int, COUNT("connectedAt")::int,
    (COUNT(*) FILTER (WHERE "disposition" IN ('interested', 'sale', 'callback', 'not_interested')))::int
  FROM "Call" WHERE "direction" = 'outbound' AND "businessUtcOffsetMinutes" IS NOT NULL
  GROUP BY 1, 2, 3, 4, 5;
