"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { useQueryClient } from "@tanstack/react-query";
import { NativeSelect } from "@/components/ui";
import {
  RECORDING_MODES,
  recordingOverviewSchema,
  type RecordingMode,
  type RecordingOverview,
} from "@/modules/recordings/lib/schemas";
import { voicemailMimeOf } from "@/modules/voicemail/lib/constants";
import { ConsentNoticeUpload } from "./consent-notice-upload";
import { Facts, Panel, QueryBody } from "./panel";
import { useOpsFormat } from "./use-ops-format";
import {
  failureText,
  opsKeys,
  setOrganizationRecording,
  uploadOrganizationConsentNotice,
  useOpsQuery,
} from "@/modules/console/hooks/use-ops";

/**
 * Call recordings: where they are kept, how much they use, how long they are kept
 * (RECORDING_RETENTION_DAYS), and each organization's recording mode, which operators can set.
 */
export function RecordingsPanel() {
  const t = useTranslations("Recordings.console");
  const tMode = useTranslations("Recordings.mode");
  const f = useOpsFormat();
  const queryClient = useQueryClient();
  const q = useOpsQuery("recordings", "/api/admin/recordings", recordingOverviewSchema);
  const [error, setError] = useState<string | null>(null);

  async function setMode(org: RecordingOverview["organizations"][number], mode: RecordingMode) {
    setError(null);
    try {
      const next = await setOrganizationRecording(org.id, {
        mode,
        consentRequired: org.consentRequired,
      });
      queryClient.setQueryData(opsKeys.query("recordings", null), next);
    } catch (err) {
      setError(failureText(err));
    }
  }

  async function uploadNotice(organizationId: string, file: File) {
    setError(null);
    const mime = voicemailMimeOf(file.type);
    if (!mime) return setError(t("noticeBadType"));
    try {
      const next = await uploadOrganizationConsentNotice(organizationId, file, mime);
      queryClient.setQueryData(opsKeys.query("recordings", null), next);
    } catch (err) {
      setError(failureText(err));
    }
  }

  return (
    <Panel
      id="recordings"
      title={t("title")}
      onRefresh={() => void q.refetch()}
      refreshing={q.isFetching}
    >
      <QueryBody query={q}>
        {(data) => (
          <div className="grid gap-4" data-testid="recordings-panel">
            <Facts
              items={[
                { label: t("store"), value: data.store === "s3" ? t("storeS3") : t("storeLocal") },
                { label: t("used"), value: f.bytes(data.bytes) },
                { label: t("count"), value: data.recordings },
                { label: t("deleted"), value: data.deleted },
                { label: t("retention"), value: t("retentionDays", { days: data.retentionDays }) },
                { label: t("quota"), value: f.bytes(data.quotaBytes) },
              ]}
            />
            <ul className="grid gap-2">
              {data.organizations.map((org) => (
                <li key={org.id} className="flex flex-wrap items-center gap-2 text-sm">
                  <bdi className="min-w-0 flex-1 truncate font-medium text-fg">{org.name}</bdi>
                  <span
                    className={
                      org.bytes >= data.quotaBytes
                        ? "font-medium text-danger-text tabular-nums"
                        : "text-fg-muted tabular-nums"
                    }
                    data-testid="recording-org-usage"
                  >
                    {t("usedOf", { used: f.bytes(org.bytes), quota: f.bytes(data.quotaBytes) })}
                  </span>
                  <NativeSelect
                    aria-label={t("modeOf", { name: org.name })}
                    value={org.mode}
                    onChange={(e) => void setMode(org, e.target.value as RecordingMode)}
                    className="w-auto"
                    data-testid="recording-mode"
                  >
                    {RECORDING_MODES.map((mode) => (
                      <option key={mode} value={mode}>
                        {tMode(mode)}
                      </option>
                    ))}
                  </NativeSelect>
                  <ConsentNoticeUpload
                    name={org.name}
                    hasNotice={org.consentNotice}
                    upload={(file) => void uploadNotice(org.id, file)}
                  />
                </li>
              ))}
            </ul>
            {error ? (
              <p role="alert" className="text-sm text-danger-text">
                {error}
              </p>
            ) : null}
          </div>
        )}
      </QueryBody>
    </Panel>
  );
}
