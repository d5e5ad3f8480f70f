"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { ConsentNoticeUpload } from "@/modules/console/components/consent-notice-upload";
import {
  Checkbox,
  Field,
  ListError,
  ListLoading,
  NativeSelect,
  SectionCard,
} from "@/components/ui";
import { ApiClientError } from "@/lib/client/api-error";
import {
  recordingSettingsKey,
  saveTeamRecording,
  uploadTeamConsentNotice,
  useRecordingSettings,
} from "@/modules/recordings/client/recordings";
import { RECORDING_MODES } from "@/modules/recordings/lib/constants";
import type { RecordingMode, RecordingSettings } from "@/modules/recordings/lib/schemas";
import { voicemailMimeOf } from "@/modules/voicemail/lib/constants";

/**
 * Settings > Call recording, for the team's managers (`organization.recording`): the
 * team's recording mode, whether a consent notice is required, and the notice itself.
 */
export function TeamRecordingSection() {
  const t = useTranslations("Recordings.team");
  const tMode = useTranslations("Recordings.mode");
  const queryClient = useQueryClient();
  const q = useRecordingSettings();
  const [error, setError] = useState<string | null>(null);
  const saved = (next: RecordingSettings) => queryClient.setQueryData(recordingSettingsKey, next);
  const failed = (err: unknown) =>
    setError(
      err instanceof ApiClientError && err.code === "voicemail_bad_media"
        ? t("badType")
        : err instanceof ApiClientError && err.code === "voicemail_too_large"
          ? t("tooLarge")
          : t("failed"),
    );

  async function put(body: { mode: RecordingMode; consentRequired: boolean }) {
    setError(null);
    try {
      saved(await saveTeamRecording(body));
    } catch (err) {
      failed(err);
    }
  }

  async function upload(file: File) {
    setError(null);
    const mime = voicemailMimeOf(file.type);
    if (!mime) return setError(t("badType"));
    try {
      saved(await uploadTeamConsentNotice(file, mime));
    } catch (err) {
      failed(err);
    }
  }

  return (
    <SectionCard id="recording" title={t("title")} description={t("description")}>
      {q.isPending ? (
        <ListLoading label={t("loading")} testId="team-recording-loading" />
      ) : q.isError ? (
        <ListError
          message={t("loadError")}
          retryLabel={t("retry")}
          onRetry={() => void q.refetch()}
          testId="team-recording-error"
        />
      ) : (
        <div className="grid gap-4" data-testid="team-recording">
          <Field id="team-recording-mode" label={t("mode")}>
            <NativeSelect
              value={q.data.mode}
              onChange={(e) =>
                void put({
                  mode: e.target.value as RecordingMode,
                  consentRequired: q.data.consentRequired,
                })
              }
            >
              {RECORDING_MODES.map((mode) => (
                <option key={mode} value={mode}>
                  {tMode(mode)}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Checkbox
            id="team-recording-consent"
            checked={q.data.consentRequired}
            onCheckedChange={(checked) =>
              void put({ mode: q.data.mode, consentRequired: checked === true })
            }
            label={t("consentRequired")}
          />
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <span className="text-fg-muted">{t("notice")}</span>
            <ConsentNoticeUpload
              name={t("title")}
              hasNotice={q.data.consentNotice}
              upload={(file) => void upload(file)}
            />
          </div>
          {error ? (
            <p role="alert" className="text-sm text-danger-text">
              {error}
            </p>
          ) : null}
        </div>
      )}
    </SectionCard>
  );
}
