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
      className="flex items-center gap-2 rounded-full border border-line bg-surface px-4 py-2 text-fg shadow-xl hover:bg-surface-muted"
    >
      <Phone className={`size-4 ${isActive ? "text-emerald-500" : "text-fg-muted"}`} aria-hidden />
      <span dir="ltr" className="font-mono text-sm tabular-nums">
        {time}
      </span>
      <ChevronUp className="size-4 text-fg-muted" aria-hidden />
    </button>
  );
}
