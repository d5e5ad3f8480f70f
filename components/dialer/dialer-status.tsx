"use client";

import { useTranslations } from "next-intl";
import type { CallStatus } from "@/lib/dialer/types";

const KEYS = { idle: "idle", calling: "calling", "in-call": "inCall", ended: "ended" } as const;
const DOT = {
  idle: "bg-slate-400",
  calling: "bg-amber-500 animate-pulse motion-reduce:animate-none",
  "in-call": "bg-emerald-500",
  ended: "bg-red-500",
} as const;

/** The call state in words; a polite live region, so screen readers hear every change. */
export function DialerStatus({ status }: { status: CallStatus }) {
  const t = useTranslations("Dialer.status");
  return (
    <p
      role="status"
      aria-live="polite"
      aria-atomic="true"
      data-testid="dialer-status"
      data-status={status}
      className="flex items-center gap-2 text-sm font-medium text-fg"
    >
      <span className={`size-2 rounded-full ${DOT[status]}`} aria-hidden />
      {t(KEYS[status])}
    </p>
  );
}
