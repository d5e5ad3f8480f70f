-- CreateTable
CREATE TABLE "CallHourRollup" (
    "organizationId" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "hour" INTEGER NOT NULL,
    "dials" INTEGER NOT NULL DEFAULT 0,
    "connects" INTEGER NOT NULL DEFAULT 0,
    "conversations" INTEGER NOT NULL DEFAULT 0,
    "sales" INTEGER NOT NULL DEFAULT 0,
    "talkSeconds" BIGINT NOT NULL DEFAULT 0,
    "revenue" DECIMAL(16,2) NOT NULL DEFAULT 0,

    CONSTRAINT "CallHourRollup_pkey" PRIMARY KEY ("organizationId","hour","userId")
);


-- The rollup is kept by the database itself, one source of truth for every writer of Call
-- (recording, dispositions, corrections, the demo seed, deletions): statement triggers with
-- transition tables, so a bulk insert is one grouped upsert rather than one per row.
-- An update counts only the calls whose counted columns changed, out of the old row and into
-- the new. Rows whose calls are all gone are deleted.
-- The conversation dispositions are those of DISPOSITION_FLAGS in lib/calls/dispositions.ts
-- (tests/api/analytics-rollup.test.ts checks them against it).
-- The body is an E string with its semicolons written as \073, because migrations are split
-- into statements at every semicolon before they reach PostgreSQL.
CREATE FUNCTION "call_hour_rollup_apply"() RETURNS trigger LANGUAGE plpgsql AS E'BEGIN
  IF TG_OP = ''TRUNCATE'' THEN
    DELETE FROM "CallHourRollup"\073
  ELSIF TG_OP = ''INSERT'' THEN
    INSERT INTO "CallHourRollup" AS r ("organizationId", "userId", "hour", "dials", "connects",
        "conversations", "sales", "talkSeconds", "revenue")
      SELECT c."organizationId", c."userId", floor(date_part(''epoch'', c."startedAt") / 3600)::int,
        SUM(c.sign)::int,
        SUM(CASE WHEN c."connectedAt" IS NOT NULL THEN c.sign ELSE 0 END)::int,
        SUM(CASE WHEN c."disposition" IN (''interested'', ''sale'', ''callback'', ''not_interested'') THEN c.sign ELSE 0 END)::int,
        SUM(CASE WHEN c."disposition" = ''sale'' THEN c.sign ELSE 0 END)::int,
        SUM(c.sign * COALESCE(c."talkSeconds", 0)),
        SUM(CASE WHEN c."disposition" = ''sale'' THEN c.sign * COALESCE(c."saleAmount", 0) ELSE 0 END)
      FROM (SELECT 1 AS sign, n.* FROM new_calls AS n) AS c
      WHERE c."direction" = ''outbound''
      GROUP BY 1, 2, 3
      ON CONFLICT ("organizationId", "hour", "userId") DO UPDATE SET
        "dials" = r."dials" + EXCLUDED."dials",
        "connects" = r."connects" + EXCLUDED."connects",
        "conversations" = r."conversations" + EXCLUDED."conversations",
        "sales" = r."sales" + EXCLUDED."sales",
        "talkSeconds" = r."talkSeconds" + EXCLUDED."talkSeconds",
        "revenue" = r."revenue" + EXCLUDED."revenue"\073
  ELSIF TG_OP = ''DELETE'' THEN
    INSERT INTO "CallHourRollup" AS r ("organizationId", "userId", "hour", "dials", "connects",
        "conversations", "sales", "talkSeconds", "revenue")
      SELECT c."organizationId", c."userId", floor(date_part(''epoch'', c."startedAt") / 3600)::int,
        SUM(c.sign)::int,
        SUM(CASE WHEN c."connectedAt" IS NOT NULL THEN c.sign ELSE 0 END)::int,
        SUM(CASE WHEN c."disposition" IN (''interested'', ''sale'', ''callback'', ''not_interested'') THEN c.sign ELSE 0 END)::int,
        SUM(CASE WHEN c."disposition" = ''sale'' THEN c.sign ELSE 0 END)::int,
        SUM(c.sign * COALESCE(c."talkSeconds", 0)),
        SUM(CASE WHEN c."disposition" = ''sale'' THEN c.sign * COALESCE(c."saleAmount", 0) ELSE 0 END)
      FROM (SELECT -1 AS sign, o.* FROM old_calls AS o) AS c
      WHERE c."direction" = ''outbound''
      GROUP BY 1, 2, 3
      ON CONFLICT ("organizationId", "hour", "userId") DO UPDATE SET
        "dials" = r."dials" + EXCLUDED."dials",
        "connects" = r."connects" + EXCLUDED."connects",
        "conversations" = r."conversations" + EXCLUDED."conversations",
        "sales" = r."sales" + EXCLUDED."sales",
        "talkSeconds" = r."talkSeconds" + EXCLUDED."talkSeconds",
        "revenue" = r."revenue" + EXCLUDED."revenue"\073
    DELETE FROM "CallHourRollup" AS r USING old_calls AS o
      WHERE r."dials" = 0 AND r."organizationId" = o."organizationId" AND r."userId" = o."userId"
        AND r."hour" = floor(date_part(''epoch'', o."startedAt") / 3600)::int\073
  ELSE
    INSERT INTO "CallHourRollup" AS r ("organizationId", "userId", "hour", "dials", "connects",
        "conversations", "sales", "talkSeconds", "revenue")
      SELECT c."organizationId", c."userId", floor(date_part(''epoch'', c."startedAt") / 3600)::int,
        SUM(c.sign)::int,
        SUM(CASE WHEN c."connectedAt" IS NOT NULL THEN c.sign ELSE 0 END)::int,
        SUM(CASE WHEN c."disposition" IN (''interested'', ''sale'', ''callback'', ''not_interested'') THEN c.sign ELSE 0 END)::int,
        SUM(CASE WHEN c."disposition" = ''sale'' THEN c.sign ELSE 0 END)::int,
        SUM(c.sign * COALESCE(c."talkSeconds", 0)),
        SUM(CASE WHEN c."disposition" = ''sale'' THEN c.sign * COALESCE(c."saleAmount", 0) ELSE 0 END)
      FROM (SELECT -1 AS sign, o.* FROM old_calls AS o JOIN new_calls AS n USING (id) WHERE (o."organizationId", o."userId", o."direction", o."startedAt", o."connectedAt", o."disposition", o."talkSeconds", o."saleAmount") IS DISTINCT FROM (n."organizationId", n."userId", n."direction", n."startedAt", n."connectedAt", n."disposition", n."talkSeconds", n."saleAmount") UNION ALL SELECT 1 AS sign, n.* FROM new_calls AS n JOIN old_calls AS o USING (id) WHERE (o."organizationId", o."userId", o."direction", o."startedAt", o."connectedAt", o."disposition", o."talkSeconds", o."saleAmount") IS DISTINCT FROM (n."organizationId", n."userId", n."direction", n."startedAt", n."connectedAt", n."disposition", n."talkSeconds", n."saleAmount")) AS c
      WHERE c."direction" = ''outbound''
      GROUP BY 1, 2, 3
      ON CONFLICT ("organizationId", "hour", "userId") DO UPDATE SET
        "dials" = r."dials" + EXCLUDED."dials",
        "connects" = r."connects" + EXCLUDED."connects",
        "conversations" = r."conversations" + EXCLUDED."conversations",
        "sales" = r."sales" + EXCLUDED."sales",
        "talkSeconds" = r."talkSeconds" + EXCLUDED."talkSeconds",
        "revenue" = r."revenue" + EXCLUDED."revenue"\073
    DELETE FROM "CallHourRollup" AS r USING old_calls AS o
      WHERE r."dials" = 0 AND r."organizationId" = o."organizationId" AND r."userId" = o."userId"
        AND r."hour" = floor(date_part(''epoch'', o."startedAt") / 3600)::int\073
  END IF\073
  RETURN NULL\073
END';

CREATE TRIGGER "Call_hour_rollup_insert" AFTER INSERT ON "Call"
  REFERENCING NEW TABLE AS new_calls FOR EACH STATEMENT EXECUTE FUNCTION "call_hour_rollup_apply"();

CREATE TRIGGER "Call_hour_rollup_update" AFTER UPDATE ON "Call"
  REFERENCING OLD TABLE AS old_calls NEW TABLE AS new_calls
  FOR EACH STATEMENT EXECUTE FUNCTION "call_hour_rollup_apply"();

CREATE TRIGGER "Call_hour_rollup_delete" AFTER DELETE ON "Call"
  REFERENCING OLD TABLE AS old_calls FOR EACH STATEMENT EXECUTE FUNCTION "call_hour_rollup_apply"();

CREATE TRIGGER "Call_hour_rollup_truncate" AFTER TRUNCATE ON "Call"
  FOR EACH STATEMENT EXECUTE FUNCTION "call_hour_rollup_apply"();

-- Backfill: the calls recorded before this migration.
INSERT INTO "CallHourRollup" ("organizationId", "userId", "hour", "dials", "connects",
    "conversations", "sales", "talkSeconds", "revenue")
  SELECT "organizationId", "userId", floor(date_part('epoch', "startedAt") / 3600)::int,
    COUNT(*)::int, COUNT("connectedAt")::int,
    (COUNT(*) FILTER (WHERE "disposition" IN ('interested', 'sale', 'callback', 'not_interested')))::int,
    (COUNT(*) FILTER (WHERE "disposition" = 'sale'))::int,
    COALESCE(SUM("talkSeconds"), 0),
    COALESCE(SUM("saleAmount") FILTER (WHERE "disposition" = 'sale'), 0)
  FROM "Call" WHERE "direction" = 'outbound'
  GROUP BY 1, 2, 3;
