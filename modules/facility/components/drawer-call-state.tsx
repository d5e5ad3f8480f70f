"use client";

import { useTranslations } from "next-intl";
import { PhoneOff } from "lucide-react";
import { useDialer } from "@/modules/dialer/components/dialer-provider";
import { Button } from "@/components/ui";
import { formatHms } from "@/modules/dialer/lib/format";

/**
 * The call to this business, in its drawer (issue 31): its state, timer and End, so the rep can
 * end it without closing the drawer or looking for the dialer. The dialer's own status line is
 * the one that announces changes to screen readers; this one is read when reached.
 */
export function DrawerCallState() {
  const t = useTranslations("Dialer");
  const { status, phase, elapsedMs, held, hangUp } = useDialer();
  const label =
    status === "calling" && phase === "ringing"
      ? t("status.ringing")
      : status === "calling"
        ? t("status.calling")
        : t("status.inCall");
  return (
    <div
      data-testid="drawer-call-state"
      data-status={status}
      className="flex flex-wrap items-center gap-2 rounded-lg bg-success-soft px-3 py-1.5 text-sm text-success-soft-fg"
    >
      <span className="font-medium">
        {label}
        {held && status === "in-call" ? ` · ${t("status.held")}` : null}
      </span>
      <span dir="ltr" className="font-mono tabular-nums">
        {formatHms(elapsedMs)}
      </span>
      <Button variant="danger" size="sm" onClick={hangUp} data-testid="drawer-call-end">
        <PhoneOff aria-hidden className="rtl:-scale-x-100" />
        {t("end")}
      </Button>
    </div>
  );
}
