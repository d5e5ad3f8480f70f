"use client";

import { Circle, Pause, Play, PhoneOff, Square } from "@/components/ui/first-load-icons";
import { useTranslations } from "next-intl";
import { formatMs } from "@/modules/dialer/lib/format";
import { Button } from "@/components/ui";
import { useDialer } from "@/modules/dialer/components/dialer-provider";
import { useRecordToggle } from "@/modules/dialer/hooks/use-record-toggle";
import { clientComponent } from "@/components/ui/client-component";

// The recording indicator draws nothing until a call's audio is kept, which needs the call's
// audio parts (loaded after first paint, modules/dialer/lib/call-audio.ts): so it loads after
// the page too, and takes no space while it is on its way.
const RecordingIndicator = clientComponent(() =>
  import("@/modules/dialer/components/recording-indicator").then((m) => m.RecordingIndicator),
);

const buttonClass = "gap-1.5 rounded-md px-2.5 text-sm font-medium [&_svg]:size-4";

/** Hold / Record / End and the elapsed timer (mm:ss), shown in the top bar; the line's state beside them. */
export function CallControls() {
  const t = useTranslations("Dialer");
  const { isActive, elapsedMs, hangUp, held, setHeld, status } = useDialer();
  // Record belongs to one call (use-record-toggle.ts); Hold is the call's own state (the dialer
  // shows the same), reset by the controller.
  const [recording, toggleRecording] = useRecordToggle();

  return (
    <div role="group" aria-label={t("callControls")} className="flex items-center gap-2">
      <Button
        variant="secondary"
        size="sm"
        className={buttonClass}
        disabled={status !== "in-call"}
        aria-pressed={held}
        onClick={() => setHeld(!held)}
      >
        {held ? <Play aria-hidden /> : <Pause aria-hidden />}
        {held ? t("resume") : t("hold")}
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
          <Circle className="text-danger-text" aria-hidden />
        )}
        {recording ? t("stopRecording") : t("record")}
      </Button>
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
      <span
        role="timer"
        aria-label={t("callTimer")}
        dir="ltr"
        data-testid="call-controls-timer"
        className="min-w-[3.5rem] text-center font-mono text-sm tabular-nums text-fg"
      >
        {isActive ? formatMs(elapsedMs) : "00:00"}
      </span>
    </div>
  );
}
