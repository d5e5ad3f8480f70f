"use client";

import { ChevronUp, Phone } from "lucide-react";
import { useTranslations } from "next-intl";
import { formatHms } from "@/modules/dialer/lib/format";
import { useDialer } from "@/modules/dialer/components/dialer-provider";

/** The collapsed dialer: a bar with the elapsed time; a click expands it again. */
export function DialerMinimisedBar({
  onExpand,
  takeFocus,
}: {
  onExpand: () => void;
  /**
   * The rep just minimised the window: focus follows to the bar, because the minimise button it
   * was on has gone. Never when the bar appears by itself (a phone starts minimised, and the
   * widget's code arrives after first paint): that would pull focus from wherever the rep is,
   * e.g. the menu toggle they are about to press Enter on.
   */
  takeFocus: boolean;
}) {
  const t = useTranslations("Dialer");
  const { elapsedMs, isActive } = useDialer();
  const time = formatHms(elapsedMs);
  return (
    <button
      type="button"
      aria-label={t("expand", { time })}
      data-testid="dialer-minimised-bar"
      // Only on the rep's own minimise (see takeFocus).
      autoFocus={takeFocus}
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
