"use client";

import { useTranslations } from "next-intl";
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from "@/components/ui";
import {
  envPanelMax,
  envResponseSchema,
  versionResponseSchema,
} from "@/modules/console/lib/schemas";
import { Facts, Panel, QueryBody } from "./panel";
import { useOpsQuery } from "@/modules/console/hooks/use-ops";

export function VersionEnvPanel() {
  const t = useTranslations("Admin.version");
  const version = useOpsQuery("version", "/api/admin/ops/version", versionResponseSchema);
  const env = useOpsQuery("env", "/api/admin/ops/env", envResponseSchema);
  return (
    <Panel
      id="panel-version"
      title={t("title")}
      onRefresh={() => {
        void version.refetch();
        void env.refetch();
      }}
      refreshing={version.isFetching || env.isFetching}
    >
      <QueryBody query={version}>
        {(v) => (
          <Facts
            items={[
              // "unknown" is the server's word for a value it could not read: say it in words.
              {
                label: t("version"),
                value: v.version === "unknown" ? t("unknown") : v.version,
                mono: v.version !== "unknown",
              },
              {
                label: t("commit"),
                value: v.commit === "unknown" ? t("unknown") : v.commit,
                mono: v.commit !== "unknown",
              },
            ]}
          />
        )}
      </QueryBody>
      <h3 className="mb-2 mt-4 text-sm font-semibold text-fg">{t("env")}</h3>
      <QueryBody query={env}>
        {(e) => {
          const entries = Object.entries(e.env).slice(0, envPanelMax);
          return entries.length === 0 ? (
            <p className="text-sm text-fg-muted">{t("empty")}</p>
          ) : (
            // A scrolling region: focusable and named, so keyboard users can scroll it too.
            <div
              className="max-h-80 overflow-y-auto rounded-xl focus:outline-none focus-visible:ring-2 focus-visible:ring-focus/60"
              tabIndex={0}
              role="region"
              aria-label={t("env")}
            >
              <Table caption={t("env")} data-testid="env-table">
                <TableHead>
                  <TableRow>
                    <TableHeaderCell>{t("key")}</TableHeaderCell>
                    <TableHeaderCell>{t("value")}</TableHeaderCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {entries.map(([key, value]) => (
                    <TableRow key={key}>
                      <TableCell className="font-mono text-xs" dir="ltr">
                        {key}
                      </TableCell>
                      <TableCell className="break-all font-mono text-xs" dir="ltr">
                        {value}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
          );
        }}
      </QueryBody>
    </Panel>
  );
}
