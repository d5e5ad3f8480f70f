"use client";

import { useTranslations } from "next-intl";
import { PhoneOff } from "lucide-react";
import { useDialer } from "@/modules/dialer/components/dialer-provider";
import { Button } from "@/components/ui";

/**
 * The call to this business, in its drawer: its state and End, so the rep can end it without
 * closing the drawer or looking for the dialer. The time is the dialer's alone (one clock). The dialer's own status line is
 * the one that announces changes to screen readers; this one is read when reached.
 */
export function DrawerCallState() {
  const t = useTranslations("Dialer");
  const { status, phase, held, hangUp } = useDialer();
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
      <Button variant="danger" size="sm" onClick={hangUp} data-testid="drawer-call-end">
        <PhoneOff aria-hidden className="rtl:-scale-x-100" />
        {t("end")}
      </Button>
    </div>
  );
}
