"use client";

import { useOpsFormat } from "./use-ops-format";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { useQueryClient } from "@tanstack/react-query";
import { Archive, Eraser, HardDriveDownload } from "lucide-react";
import { Button } from "@/components/ui";
import {
  backupResponseSchema,
  cacheClearResponseSchema,
  checkpointResponseSchema,
  dbSummaryResponseSchema,
} from "@/modules/console/lib/schemas";
import { Facts, Panel, QueryBody, ResultLine } from "./panel";
import { failureText, opsKeys, opsPost, useOpsQuery } from "@/modules/console/hooks/use-ops";

type Job = "checkpoint" | "backup" | "cache";
type Outcome = { ok: boolean; lines: string[] };

/** `backups={false}` on a serverless deployment, where a backup file would land in a throw-away /tmp. */
export function DbSummaryPanel({ backups = true }: { backups?: boolean }) {
  const f = useOpsFormat();
  const t = useTranslations("Admin.db");
  const queryClient = useQueryClient();
  const q = useOpsQuery("db-summary", "/api/admin/ops/db-summary", dbSummaryResponseSchema);
  const [busy, setBusy] = useState<Job | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  async function run(job: Job) {
    setBusy(job);
    setOutcome(null);
    try {
      if (job === "checkpoint") {
        const r = await opsPost("/api/admin/ops/db/checkpoint", checkpointResponseSchema);
        setOutcome({ ok: true, lines: [t("checkpointDone", { ms: f.ms(r.ms ?? 0) })] });
      } else if (job === "backup") {
        const r = await opsPost("/api/admin/ops/db/backup", backupResponseSchema);
        const lines = r.file
          ? [t("backupDone", { name: r.file.name, size: f.bytes(r.file.size) })]
          : [];
        if (r.removed?.length) lines.push(t("backupRemoved", { count: r.removed.length }));
        setOutcome({ ok: true, lines });
      } else {
        const r = await opsPost("/api/admin/ops/cache/clear", cacheClearResponseSchema);
        const list = r.cleared
          .map((c) => t("cacheEntry", { name: c.name, count: c.entries }))
          .join(", ");
        setOutcome({ ok: true, lines: [list ? t("cacheCleared", { list }) : t("cacheNothing")] });
      }
    } catch (error) {
      const title =
        job === "checkpoint"
          ? t("checkpointFailed")
          : job === "backup"
            ? t("backupFailed")
            : t("cacheFailed");
      setOutcome({ ok: false, lines: [`${title}: ${failureText(error)}`] });
    } finally {
      setBusy(null);
      void queryClient.invalidateQueries({ queryKey: opsKeys.panel("db-summary") });
      void queryClient.invalidateQueries({ queryKey: opsKeys.panel("audit") });
    }
  }

  return (
    <Panel
      id="panel-db"
      title={t("title")}
      onRefresh={() => void q.refetch()}
      refreshing={q.isFetching}
    >
      <QueryBody query={q}>
        {(s) => (
          <Facts
            items={[
              { label: t("users"), value: s.users },
              { label: t("adminUsers"), value: s.adminUsers },
              { label: t("organizations"), value: s.organizations },
              { label: t("size"), value: f.bytes(s.sizeBytes) },
              ...(s.engine ? [{ label: t("engine"), value: s.engine }] : []),
            ]}
          />
        )}
      </QueryBody>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="secondary"
          disabled={busy !== null}
          onClick={() => run("checkpoint")}
        >
          <HardDriveDownload aria-hidden /> {t("checkpoint")}
        </Button>
        {backups ? (
          <Button
            size="sm"
            variant="secondary"
            disabled={busy !== null}
            onClick={() => run("backup")}
          >
            <Archive aria-hidden /> {t("backup")}
          </Button>
        ) : null}
        <Button size="sm" variant="secondary" disabled={busy !== null} onClick={() => run("cache")}>
          <Eraser aria-hidden /> {t("clearCache")}
        </Button>
      </div>
      {outcome ? (
        <ResultLine tone={outcome.ok ? "success" : "danger"}>
          {outcome.lines.map((line) => (
            <span key={line} className="block">
              {line}
            </span>
          ))}
        </ResultLine>
      ) : null}
    </Panel>
  );
}
