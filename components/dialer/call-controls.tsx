"use client";

import { Circle, Pause, Play, PhoneOff, Square } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { formatMs } from "@/lib/dialer/format";
import { useDialer } from "./dialer-provider";

const buttonClass =
  "inline-flex items-center gap-1.5 rounded-md border px-2.5 py-1 text-sm font-medium transition-colors " +
  "disabled:cursor-not-allowed disabled:opacity-50 " +
  "border-slate-300 bg-white text-slate-700 enabled:hover:bg-slate-100 " +
  "dark:border-slate-600 dark:bg-slate-800 dark:text-slate-200 dark:enabled:hover:bg-slate-700";

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
      <button
        type="button"
        className={buttonClass}
        disabled={!isActive}
        aria-pressed={held}
        onClick={() => setHeld((v) => !v)}
      >
        {held ? <Play className="size-4" aria-hidden /> : <Pause className="size-4" aria-hidden />}
        {held ? t("resume") : t("hold")}
      </button>
      <button
        type="button"
        className={buttonClass}
        disabled={!isActive}
        aria-pressed={recording}
        onClick={() => setRecording((v) => !v)}
      >
        {recording ? (
          <Square className="size-4 fill-current text-red-600" aria-hidden />
        ) : (
          <Circle className="size-4 text-red-600" aria-hidden />
        )}
        {recording ? t("stopRecording") : t("record")}
      </button>
      <button
        type="button"
        className={`${buttonClass} enabled:border-red-600 enabled:bg-red-600 enabled:text-white enabled:hover:bg-red-700 dark:enabled:bg-red-600 dark:enabled:hover:bg-red-700`}
        disabled={!isActive}
        onClick={hangUp}
      >
        <PhoneOff className="size-4" aria-hidden />
        {t("end")}
      </button>
      <span
        role="timer"
        aria-label={t("callTimer")}
        dir="ltr"
        data-testid="call-controls-timer"
        className="min-w-[3.5rem] text-center font-mono text-sm tabular-nums text-slate-700 dark:text-slate-200"
      >
        {isActive ? formatMs(elapsedMs) : "00:00"}
      </span>
    </div>
  );
}
