"use client";

import { useTranslations } from "next-intl";
import { Checkbox, ListError, ListLoading, SectionCard } from "@/components/ui";
import { useMonitoringPolicy } from "@/modules/floor/hooks/use-monitoring-policy";

/**
 * Settings > Call monitoring: managers choose whether a rep is told that a manager is listening
 * to their call; every other member reads the team's choice.
 */
export function MonitoringPolicySection({ manage }: { manage: boolean }) {
  const t = useTranslations("Settings.monitoring");
  const { query, setAnnounce, saving, saveError } = useMonitoringPolicy();
  return (
    <SectionCard id="monitoring" title={t("title")}>
      {query.isPending ? (
        <ListLoading label={t("loading")} testId="monitoring-policy-loading" />
      ) : query.isError ? (
        <ListError
          message={t("loadError")}
          retryLabel={t("retry")}
          onRetry={() => void query.refetch()}
          testId="monitoring-policy-error"
        />
      ) : manage ? (
        <div className="grid gap-2" data-testid="monitoring-policy">
          <Checkbox
            id="monitoring-announce"
            checked={query.data.announceMonitoring}
            disabled={saving}
            onCheckedChange={(checked) => setAnnounce(checked === true)}
            label={t("announce")}
          />
          {saveError ? (
            <p role="alert" className="text-sm text-danger-text">
              {t("saveError")}
            </p>
          ) : null}
        </div>
      ) : (
        <p className="text-sm text-fg-muted" data-testid="monitoring-policy">
          {query.data.announceMonitoring ? t("repAnnounced") : t("repNotAnnounced")}
        </p>
      )}
    </SectionCard>
  );
}
