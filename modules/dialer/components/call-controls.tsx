"use client";

import { Circle, Pause, Play, PhoneOff, Square } from "@/components/ui/first-load-icons";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui";
import { useDialer } from "@/modules/dialer/components/dialer-provider";
import { useRecordToggle } from "@/modules/dialer/hooks/use-record-toggle";
import { clientComponent } from "@/components/ui/client-component";
import { callButtonClass, phoneHidden } from "./call-control-style";

// The recording indicator draws nothing until a call's audio is kept, which needs the call's
// audio parts (loaded after first paint, modules/dialer/lib/call-audio.ts): so it loads after
// the page too, and takes no space while it is on its way.
const RecordingIndicator = clientComponent(() =>
  import("@/modules/dialer/components/recording-indicator").then((m) => m.RecordingIndicator),
);

// Transfer's dialog (and the team list it reads) is needed only during a real call.
const TransferDialog = clientComponent(() =>
  import("@/modules/dialer/components/transfer-dialog").then((m) => m.TransferDialog),
);

const buttonClass = callButtonClass;

/**
 * Hold / Record / End in the top bar; the line's state beside them. No timer of its own: the
 * dialer's (or its minimised bar's) is the call's one clock, in one format, 00:00:00.
 */
export function CallControls() {
  const t = useTranslations("Dialer");
  const { isActive, hangUp, held, setHeld, status, real, consult } = useDialer();
  // Record belongs to one call (use-record-toggle.ts); Hold is the call's own state (the dialer
  // shows the same), reset by the controller.
  const [recording, toggleRecording] = useRecordToggle();

  return (
    <div role="group" aria-label={t("callControls")} className="flex items-center gap-2">
      <Button
        variant="secondary"
        size="sm"
        className={buttonClass}
        // During a warm transfer the business stays on hold until Join or Go back.
        disabled={status !== "in-call" || consult !== null}
        aria-pressed={held}
        onClick={() => setHeld(!held)}
      >
        {held ? <Play aria-hidden /> : <Pause aria-hidden />}
        <span className={phoneHidden}>{held ? t("resume") : t("hold")}</span>
      </Button>
      <Button
        variant="secondary"
        size="sm"
        className={buttonClass}
        disabled={!isActive}
        aria-pressed={recording}
        aria-keyshortcuts="R"
        onClick={toggleRecording}
      >
        {recording ? (
          <Square className="fill-current text-danger-text" aria-hidden />
        ) : (
          <Circle className={isActive ? "text-danger-text" : undefined} aria-hidden />
        )}
        <span className={phoneHidden}>{recording ? t("stopRecording") : t("record")}</span>
      </Button>
      {real ? <TransferDialog disabled={status !== "in-call" || consult !== null} /> : null}
      <Button
        variant="danger"
        size="sm"
        className={buttonClass}
        disabled={!isActive}
        onClick={hangUp}
      >
        <PhoneOff aria-hidden />
        {t("end")}
      </Button>
      <RecordingIndicator />
    </div>
  );
}
