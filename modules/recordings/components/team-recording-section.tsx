"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useRef, useState } from "react";
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

  // A change applies to the settings as they are now, shown at once: read from the cache at the
  // change, not from this render, so a second change made before the first one's answer keeps the
  // first (the mode, then the consent box, quickly: the box sent the old mode back). The saves go
  // one after another, so the server applies them in the order they were made.
  // Only the last save's answer is shown: an earlier one would undo the later change until its own
  // answer came.
  const saving = useRef<Promise<unknown>>(Promise.resolve());
  const lastSave = useRef(0);
  function put(change: Partial<{ mode: RecordingMode; consentRequired: boolean }>) {
    const current = queryClient.getQueryData<RecordingSettings>(recordingSettingsKey);
    if (!current) return;
    const next = { ...current, ...change };
    const save = ++lastSave.current;
    setError(null);
    saved(next);
    saving.current = saving.current.then(async () => {
      try {
        const answer = await saveTeamRecording({
          mode: next.mode,
          consentRequired: next.consentRequired,
        });
        if (save === lastSave.current) saved(answer);
      } catch (err) {
        failed(err);
        // What the server holds, whatever was shown.
        void q.refetch();
      }
    });
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
              onChange={(e) => put({ mode: e.target.value as RecordingMode })}
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
            onCheckedChange={(checked) => put({ consentRequired: checked === true })}
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
