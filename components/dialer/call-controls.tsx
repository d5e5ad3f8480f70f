"use client";

import { Circle, Pause, Play, PhoneOff, Square } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { formatMs } from "@/lib/dialer/format";
import { Button } from "@/components/ui";
import { useDialer } from "./dialer-provider";

const buttonClass = "gap-1.5 rounded-md px-2.5 text-sm font-medium [&_svg]:size-4";

/** Hold / Record / End and the elapsed timer (mm:ss), shown in the top bar. */
export function CallControls() {
  const t = useTranslations("Dialer");
  const { isActive, elapsedMs, hangUp } = useDialer();
  const [held, setHeld] = useState(false);
  const [recording, setRecording] = useState(false);
  const [wasActive, setWasActive] = useState(isActive);
  // Hold and Record belong to one call: reset them when it stops (adjusting state during render).
  if (wasActive !== isActive) {
    setWasActive(isActive);
    if (!isActive) {
      setHeld(false);
      setRecording(false);
    }
  }

  return (
    <div role="group" aria-label={t("callControls")} className="flex items-center gap-2">
      <Button
        variant="secondary"
        size="sm"
        className={buttonClass}
        disabled={!isActive}
        aria-pressed={held}
        onClick={() => setHeld((v) => !v)}
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
        onClick={() => setRecording((v) => !v)}
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
