"use client";

import { Headphones } from "@/components/ui/first-load-icons";
import { useTranslations } from "next-intl";
import { useMonitorResponder } from "@/modules/floor/hooks/use-monitor-responder";

/**
 * Follows a manager's monitoring of the rep's call (mounted once, in the shell) and, when the
 * team announces it, tells the rep: who is listening, whispering or on the call.
 */
export function MonitorResponder() {
  const t = useTranslations("Floor.monitorIndicator");
  const indicator = useMonitorResponder();
  if (!indicator) return null;
  return (
    <div
      role="status"
      data-testid="monitor-indicator"
      data-mode={indicator.mode}
      className="fixed inset-x-0 top-16 z-50 mx-auto flex w-fit max-w-[calc(100vw-1rem)] items-center gap-2 rounded-full border border-line-strong bg-surface px-3 py-1 text-sm font-medium text-warning-soft-fg shadow-sm"
    >
      <Headphones aria-hidden className="size-4 shrink-0" />
      {t(indicator.mode, { name: indicator.managerName })}
    </div>
  );
}
