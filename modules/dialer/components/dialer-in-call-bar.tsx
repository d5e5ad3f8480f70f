"use client";

import { Circle, Grid3x3, Mic, MicOff, Pause, PhoneOff, Play, Square } from "lucide-react";
import { useTranslations } from "next-intl";
import { formatHms } from "@/modules/dialer/lib/format";
import { Button, cn } from "@/components/ui";
import { DialerStatus } from "@/modules/dialer/components/dialer-status";
import { useDialer, useLastBusiness } from "@/modules/dialer/components/dialer-provider";
import { RecordingIndicator } from "@/modules/dialer/components/recording-indicator";
import { useRecordToggle } from "@/modules/dialer/hooks/use-record-toggle";
import { VoicemailDropButton } from "@/modules/dialer/components/voicemail-drop-button";
import { MachineDetectionStatus } from "@/modules/dialer/components/machine-detection-status";
import { clientComponent } from "@/components/ui/client-component";

// A warm transfer's panel (and the team list it reads) is needed only during one.
const ConsultPanel = clientComponent(() =>
  import("@/modules/dialer/components/consult-panel").then((m) => m.ConsultPanel),
);

/** Phones: the dialer during a call is this bar unless the rep opens the keypad. */
export const COMPACT_DIALER_MEDIA = "(max-width: 639px)";

const barButton =
  "h-auto min-w-0 flex-col gap-0.5 px-0.5 py-1.5 text-[11px] font-medium leading-tight [&_svg]:size-4";

/**
 * The call on a phone without the keypad, which is rarely needed there and would cover the
 * drawer and the map: who is being called, the state, timer and End on top, and Mute, Hold,
 * Record and the keypad toggle in one row (four columns, so their labels stay whole at 360 px in
 * every language).
 */
export function DialerInCallBar({ onShowKeypad }: { onShowKeypad: () => void }) {
  const t = useTranslations("Dialer");
  const dialer = useDialer();
  const business = useLastBusiness();
  const [recording, toggleRecording] = useRecordToggle();
  const inCall = dialer.status === "in-call";
  return (
    <div className="space-y-2 p-3" data-testid="dialer-in-call-bar">
      <div className="flex items-center justify-between gap-2">
        <DialerStatus
          status={dialer.status}
          phase={dialer.phase}
          outcome={dialer.outcome}
          held={dialer.held}
        />
        <div className="flex shrink-0 items-center gap-2">
          <RecordingIndicator />
          <span
            role="timer"
            aria-label={t("timer")}
            dir="ltr"
            className="font-mono text-sm tabular-nums text-fg"
            data-testid="dialer-in-call-timer"
          >
            {formatHms(dialer.elapsedMs)}
          </span>
          <Button variant="danger" size="sm" data-testid="dialer-end" onClick={dialer.hangUp}>
            <PhoneOff aria-hidden />
            {t("end")}
          </Button>
        </div>
      </div>
      <p className="truncate text-sm text-fg-muted" data-testid="dialer-business">
        {business?.placeName ? (
          <bdi>{business.placeName}</bdi>
        ) : (
          <bdi dir="ltr">{dialer.number}</bdi>
        )}
      </p>
      {dialer.real ? <MachineDetectionStatus /> : null}
      {dialer.consult ? <ConsultPanel /> : null}
      <div className="grid grid-cols-4 gap-1">
        <Button
          variant="secondary"
          size="sm"
          className={barButton}
          aria-pressed={dialer.muted}
          aria-keyshortcuts="M"
          onClick={() => dialer.setMuted(!dialer.muted)}
        >
          {dialer.muted ? <MicOff aria-hidden /> : <Mic aria-hidden />}
          <span className="max-w-full truncate">{dialer.muted ? t("unmute") : t("mute")}</span>
        </Button>
        <Button
          variant="secondary"
          size="sm"
          className={barButton}
          aria-pressed={dialer.held}
          disabled={!inCall || dialer.consult !== null}
          onClick={() => dialer.setHeld(!dialer.held)}
        >
          {dialer.held ? <Play aria-hidden /> : <Pause aria-hidden />}
          <span className="max-w-full truncate">{dialer.held ? t("resume") : t("hold")}</span>
        </Button>
        <Button
          variant="secondary"
          size="sm"
          className={barButton}
          aria-pressed={recording}
          aria-keyshortcuts="R"
          onClick={toggleRecording}
        >
          {recording ? (
            <Square className="fill-current text-danger-text" aria-hidden />
          ) : (
            <Circle className="text-danger-text" aria-hidden />
          )}
          <span className="max-w-full truncate">
            {recording ? t("stopRecording") : t("record")}
          </span>
        </Button>
        <KeypadToggle shown={false} onToggle={onShowKeypad} />
      </div>
      {dialer.real ? <VoicemailDropButton compact /> : null}
    </div>
  );
}

/** Shows or hides the keypad during a call on a phone. */
export function KeypadToggle({
  shown,
  onToggle,
  className,
}: {
  shown: boolean;
  onToggle: () => void;
  className?: string;
}) {
  const t = useTranslations("Dialer");
  return (
    <Button
      variant="secondary"
      size="sm"
      className={cn(barButton, className)}
      aria-pressed={shown}
      data-testid="dialer-keypad-toggle"
      onClick={onToggle}
    >
      <Grid3x3 aria-hidden />
      {/* The short name fits the bar's narrow column in every language ("Tastenfeld" did not). */}
      <span className="max-w-full truncate">{t("keypadShort")}</span>
    </Button>
  );
}
