"use client";

import { useTranslations } from "next-intl";
import {
  useConsentNoticePlaying,
  useRecordingAudio,
} from "@/modules/dialer/hooks/use-record-toggle";

/**
 * Shown while audio of the call is being kept: the rep always sees that the call is
 * recorded, wherever the call's controls are. Announced once when it appears.
 */
export function RecordingIndicator() {
  const t = useTranslations("Recordings");
  const recording = useRecordingAudio();
  const notice = useConsentNoticePlaying();
  return (
    <span role="status" className="contents">
      {notice ? (
        <span
          data-testid="consent-notice-indicator"
          title={t("noticePlayingLabel")}
          aria-label={t("noticePlayingLabel")}
          className="inline-flex items-center gap-1 rounded-full bg-primary-soft px-2 py-0.5 text-xs font-semibold text-primary-soft-fg"
        >
          <span aria-hidden className="size-2 animate-pulse rounded-full bg-current" />
          {t("noticePlaying")}
        </span>
      ) : null}
      {recording ? (
        <span
          data-testid="recording-indicator"
          title={t("indicatorLabel")}
          aria-label={t("indicatorLabel")}
          className="inline-flex items-center gap-1 rounded-full bg-danger-soft px-2 py-0.5 text-xs font-semibold text-danger-soft-fg"
        >
          <span aria-hidden className="size-2 animate-pulse rounded-full bg-current" />
          {t("indicator")}
        </span>
      ) : null}
    </span>
  );
}
