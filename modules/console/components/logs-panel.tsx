"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { Select } from "@/components/ui";
import {
  defaultLogLines,
  logLineChoices,
  logTargets,
  logsResponseSchema,
  type LogTarget,
} from "@/modules/console/lib/schemas";
import { LogViewer } from "./log-viewer";
import { ErrorLine, Panel, QueryBody } from "./panel";
import { useOpsQuery } from "@/modules/console/hooks/use-ops";

/** Spec: targets apache_error (default), apache_access, auth_audit; 100-500 lines, default 200. */
export function LogsPanel() {
  const t = useTranslations("Admin.logs");
  // The spec's default is the Apache error log; a server without that file opens on the
  // sign-in audit instead (always there), until the operator picks a log themselves.
  const [chosen, setChosen] = useState<LogTarget | null>(null);
  const [apacheMissing, setApacheMissing] = useState(false);
  const target: LogTarget = chosen ?? (apacheMissing ? "auth_audit" : "apache_error");
  const [lines, setLines] = useState<number>(defaultLogLines);
  const logs = useOpsQuery("logs", "/api/admin/ops/logs", logsResponseSchema, {
    query: { target, lines },
  });
  if (
    chosen === null &&
    !apacheMissing &&
    logs.data?.missing &&
    logs.data.target === "apache_error"
  )
    setApacheMissing(true);
  return (
    <Panel
      id="panel-logs"
      title={t("title")}
      className="lg:col-span-2 2xl:col-span-3"
      onRefresh={() => void logs.refetch()}
      refreshing={logs.isFetching}
    >
      <div className="mb-3 grid gap-3 sm:grid-cols-[minmax(0,16rem)_minmax(0,10rem)]">
        <Select
          label={t("target")}
          value={target}
          onValueChange={(v) => setChosen(v as LogTarget)}
          items={logTargets.map((value) => ({ value, label: t(value) }))}
        />
        <Select
          label={t("lines")}
          value={String(lines)}
          onValueChange={(v) => setLines(Number(v))}
          items={logLineChoices.map((n) => ({
            value: String(n),
            label: t("linesOption", { count: n }),
          }))}
        />
      </div>
      <QueryBody query={logs} errorTitle={t("failed")}>
        {(data) => (
          <>
            {!data.ok ? (
              <ErrorLine title={t("failed")} error={new Error(data.error ?? "")} />
            ) : null}
            <LogViewer
              testId="logs-viewer"
              text={data.log}
              label={t("viewer", { target: t(target), count: lines })}
              empty={data.missing ? t("missing", { target: t(target) }) : t("empty")}
            />
          </>
        )}
      </QueryBody>
    </Panel>
  );
}
