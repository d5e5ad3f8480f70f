"use client";

import { useTranslations } from "next-intl";
import { formatBytes, formatUptime } from "@/lib/ops/format";
import {
  diskResponseSchema,
  metricsResponseSchema,
  sysinfoResponseSchema,
} from "@/lib/ops/schemas";
import { Facts, Panel, QueryBody } from "./panel";
import { useOpsQuery } from "./use-ops";

/** Metrics refresh themselves; the other panels on demand. */
const metricsIntervalMs = 15_000;

export function MetricsPanel() {
  const t = useTranslations("Admin.metrics");
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
              { label: t("uptime"), value: formatUptime(m.process.uptimeSec) },
              { label: t("rss"), value: formatBytes(m.memory.rss) },
              { label: t("heapUsed"), value: formatBytes(m.memory.heapUsed) },
              { label: t("load"), value: m.load.map((n) => n.toFixed(2)).join(" · ") },
              { label: t("cpus"), value: m.cpus },
            ]}
          />
        )}
      </QueryBody>
    </Panel>
  );
}

export function DiskPanel() {
  const t = useTranslations("Admin.disk");
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
              { label: t("root"), value: <span dir="ltr">{d.root}</span> },
              { label: t("data"), value: <span dir="ltr">{d.data}</span> },
            ]}
          />
        )}
      </QueryBody>
    </Panel>
  );
}

export function SysinfoPanel() {
  const t = useTranslations("Admin.sysinfo");
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
              { label: t("uptime"), value: formatUptime(s.uptimeSec) },
              { label: t("totalMem"), value: formatBytes(s.totalMem) },
            ]}
          />
        )}
      </QueryBody>
    </Panel>
  );
}
