"use client";

import { ChevronUp, Phone } from "lucide-react";
import { useTranslations } from "next-intl";
import { formatHms } from "@/lib/dialer/format";
import { useDialer } from "./dialer-provider";

/** The collapsed dialer: a bar with the elapsed time; a click expands it again. */
export function DialerMinimisedBar({ onExpand }: { onExpand: () => void }) {
  const t = useTranslations("Dialer");
  const { elapsedMs, isActive } = useDialer();
  const time = formatHms(elapsedMs);
  return (
    <button
      type="button"
      aria-label={t("expand", { time })}
      data-testid="dialer-minimised-bar"
      // Focus moves here from the minimise button, which just disappeared.
      autoFocus
      onClick={onExpand}
      className="flex items-center gap-2 rounded-full border border-slate-200 bg-white px-4 py-2 text-slate-800 shadow-xl hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800"
    >
      <Phone
        className={`size-4 ${isActive ? "text-emerald-500" : "text-slate-400 dark:text-slate-500"}`}
        aria-hidden
      />
      <span dir="ltr" className="font-mono text-sm tabular-nums">
        {time}
      </span>
      <ChevronUp className="size-4 text-slate-400" aria-hidden />
    </button>
  );
}
