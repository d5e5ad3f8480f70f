"use client";

import { useOpsFormat } from "./use-ops-format";

import { useTranslations } from "next-intl";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Hammer } from "lucide-react";
import {
  Badge,
  Button,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
  type Tone,
} from "@/components/ui";
import {
  buildDeployResponseSchema,
  buildStatusResponseSchema,
  type BuildDeployResult,
  type BuildStatus,
} from "@/modules/console/lib/schemas";
import { LogViewer } from "./log-viewer";
import { Facts, Panel, QueryBody, ResultLine } from "./panel";
import { failureText, opsKeys, opsPost, useOpsQuery } from "@/modules/console/hooks/use-ops";

/** While a run is under way the panel reads its progress every second. */
const pollMs = 1000;

const phaseTone: Record<BuildStatus["phase"], Tone> = {
  idle: "neutral",
  build: "warning",
  deploy: "warning",
  done: "success",
  failed: "danger",
};

export function BuildDeployPanel() {
  const f = useOpsFormat();
  const t = useTranslations("Admin.build");
  const queryClient = useQueryClient();
  const run = useMutation({
    mutationFn: () => opsPost("/api/admin/ops/build-deploy", buildDeployResponseSchema),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: opsKeys.panel("build-status") });
      void queryClient.invalidateQueries({ queryKey: opsKeys.panel("audit") });
    },
  });
  const status = useOpsQuery(
    "build-status",
    "/api/admin/ops/build-deploy/status",
    buildStatusResponseSchema,
    { refetchInterval: (q) => (q.state.data?.running || run.isPending ? pollMs : false) },
  );
  const running = run.isPending || status.data?.running === true;

  return (
    <Panel
      id="panel-build"
      title={t("title")}
      className="lg:col-span-2 2xl:col-span-3"
      onRefresh={() => void status.refetch()}
      refreshing={status.isFetching}
    >
      <QueryBody query={status}>
        {(s) =>
          !s.configured ? (
            <p className="rounded-lg bg-warning-soft px-3 py-2 text-sm text-warning-soft-fg">
              {t("notConfigured", { vars: s.missing.join(", ") })}
            </p>
          ) : (
            <div className="grid grid-cols-1 gap-4">
              <div className="flex flex-wrap items-center gap-3">
                <Button onClick={() => run.mutate()} disabled={running}>
                  {running ? <Spinner /> : <Hammer aria-hidden />} {t("run")}
                </Button>
                {s.phase !== "idle" ? (
                  <span data-testid="build-phase" data-phase={s.phase}>
                    <Badge tone={phaseTone[s.phase]}>{t(`phases.${s.phase}`)}</Badge>
                  </span>
                ) : null}
                {s.operator && s.phase !== "idle" ? (
                  <span className="text-sm text-fg-muted">
                    {t("startedBy", { operator: s.operator })}
                  </span>
                ) : null}
              </div>
              {s.phase === "idle" ? (
                <p className="text-sm text-fg-muted">{t("idle")}</p>
              ) : (
                <>
                  <Facts
                    items={[
                      { label: t("phase"), value: t(`phases.${s.phase}`) },
                      {
                        label: t("elapsed"),
                        value: s.elapsedMs === null ? "–" : f.ms(s.elapsedMs),
                      },
                    ]}
                  />
                  <div>
                    <h3 className="mb-2 text-sm font-semibold text-fg">{t("lastLines")}</h3>
                    <LogViewer
                      testId="build-lines"
                      className="h-40"
                      text={s.lines.join("\n")}
                      label={t("lastLines")}
                      empty={t("noOutput")}
                    />
                  </div>
                </>
              )}
              {run.error ? (
                <ResultLine tone="danger">{`${t("failed")}: ${failureText(run.error)}`}</ResultLine>
              ) : !running && s.result ? (
                <Result result={s.result} />
              ) : null}
            </div>
          )
        }
      </QueryBody>
    </Panel>
  );
}

function Result({ result }: { result: BuildDeployResult }) {
  const f = useOpsFormat();
  const t = useTranslations("Admin.build");
  return (
    <div className="grid grid-cols-1 gap-3">
      {result.ok ? (
        <ResultLine tone="success">
          {t("succeeded", {
            ms: f.ms(result.ms),
            build: f.ms(result.build.ms),
            deploy: f.ms(result.deploy.ms),
          })}
        </ResultLine>
      ) : (
        <ResultLine tone="danger">{`${t("failed")}: ${result.error ?? ""}`}</ResultLine>
      )}
      {result.ok ? (
        result.assets.length === 0 ? (
          <p className="text-sm text-fg-muted">{t("noAssets")}</p>
        ) : (
          <div
            className="max-h-72 overflow-y-auto rounded-xl focus:outline-none focus-visible:ring-2 focus-visible:ring-focus/60"
            tabIndex={0}
            role="region"
            aria-label={t("assets")}
          >
            <Table caption={t("assets")} data-testid="build-assets">
              <TableHead>
                <TableRow>
                  <TableHeaderCell>{t("file")}</TableHeaderCell>
                  <TableHeaderCell className="text-end">{t("size")}</TableHeaderCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {result.assets.map((a) => (
                  <TableRow key={a.path}>
                    <TableCell className="break-all font-mono text-xs" dir="ltr">
                      {a.path}
                    </TableCell>
                    <TableCell className="whitespace-nowrap text-end tabular-nums">
                      {f.bytes(a.size)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        )
      ) : null}
    </div>
  );
}
