"use client";

import { useTranslations } from "next-intl";
import type { z } from "zod";
import {
  diskResponseSchema,
  metricsResponseSchema,
  sysinfoResponseSchema,
} from "@/modules/console/lib/schemas";
import { Facts, Panel, QueryBody } from "./panel";
import { useOpsQuery } from "@/modules/console/hooks/use-ops";
import { useOpsFormat } from "./use-ops-format";

type FsFigures = NonNullable<z.infer<typeof diskResponseSchema>["figures"]>["root"];

/** Metrics refresh themselves; the other panels on demand. */
const metricsIntervalMs = 15_000;

export function MetricsPanel() {
  const t = useTranslations("Admin.metrics");
  const f = useOpsFormat();
  const q = useOpsQuery("metrics", "/api/admin/ops/metrics", metricsResponseSchema, {
    refetchInterval: metricsIntervalMs,
  });
  return (
    <Panel
      id="panel-metrics"
      title={t("title")}
      onRefresh={() => void q.refetch()}
      refreshing={q.isFetching}
    >
      <QueryBody query={q}>
        {(m) => (
          <Facts
            items={[
              { label: t("pid"), value: m.process.pid },
              { label: t("uptime"), value: f.duration(m.process.uptimeSec) },
              { label: t("rss"), value: f.bytes(m.memory.rss) },
              { label: t("heapUsed"), value: f.bytes(m.memory.heapUsed) },
              { label: t("load"), value: m.load.map((n) => f.number(n, 2)).join(" · ") },
              { label: t("cpus"), value: f.number(m.cpus) },
            ]}
          />
        )}
      </QueryBody>
    </Panel>
  );
}

export function DiskPanel() {
  const t = useTranslations("Admin.disk");
  const f = useOpsFormat();
  // The server's figures in the reader's language; its English text only from an older server.
  const describe = (text: string, figures: FsFigures | null | undefined) =>
    figures === undefined
      ? text
      : figures === null
        ? t("unavailable")
        : t("usage", {
            free: f.bytes(figures.freeBytes),
            total: f.bytes(figures.totalBytes),
            used: f.number(figures.usedPercent),
          });
  const q = useOpsQuery("disk", "/api/admin/ops/disk", diskResponseSchema);
  return (
    <Panel
      id="panel-disk"
      title={t("title")}
      onRefresh={() => void q.refetch()}
      refreshing={q.isFetching}
    >
      <QueryBody query={q}>
        {(d) => (
          <Facts
            items={[
              { label: t("root"), value: describe(d.root, d.figures?.root) },
              { label: t("data"), value: describe(d.data, d.figures?.data) },
            ]}
          />
        )}
      </QueryBody>
    </Panel>
  );
}

export function SysinfoPanel() {
  const t = useTranslations("Admin.sysinfo");
  const f = useOpsFormat();
  const q = useOpsQuery("sysinfo", "/api/admin/ops/sysinfo", sysinfoResponseSchema);
  return (
    <Panel
      id="panel-sysinfo"
      title={t("title")}
      onRefresh={() => void q.refetch()}
      refreshing={q.isFetching}
    >
      <QueryBody query={q}>
        {(s) => (
          <Facts
            items={[
              { label: t("hostname"), value: s.hostname, mono: true },
              { label: t("platform"), value: s.platform },
              { label: t("release"), value: s.release, mono: true },
              { label: t("arch"), value: s.arch },
              { label: t("uptime"), value: f.duration(s.uptimeSec) },
              { label: t("totalMem"), value: f.bytes(s.totalMem) },
            ]}
          />
        )}
      </QueryBody>
    </Panel>
  );
}
