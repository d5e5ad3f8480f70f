"use client";

import { useTranslations } from "next-intl";
import { outcomeLabelKey } from "@/modules/dialer/lib/sip-outcome";
import { type CallOutcome } from "@/modules/dialer/lib/call-outcomes";
import type { CallStatus, DialerState } from "@/modules/dialer/lib/types";

const KEYS = { idle: "idle", calling: "calling", "in-call": "inCall", ended: "ended" } as const;
const PHASE_KEYS = { line: "waitingForLine", ringing: "ringing", answering: "answering" } as const;
const DOT = {
  idle: "bg-slate-400",
  calling: "bg-amber-500 animate-pulse motion-reduce:animate-none",
  "in-call": "bg-emerald-500",
  ended: "bg-red-500",
} as const;

/**
 * The call state in words: Dialing... (or Waiting for the line..., while a real line still
 * connects) → Ringing... (real lines) → In Call → Call Ended, with how
 * it ended when the line said (Busy, No answer...). A polite live region, so screen readers
 * hear every change.
 */
export function DialerStatus({
  status,
  phase = "dialing",
  outcome = null,
  held = false,
}: {
  status: CallStatus;
  held?: boolean;
  phase?: DialerState["phase"];
  outcome?: CallOutcome | null;
}) {
  const t = useTranslations("Dialer");
  const calling = status === "calling";
  const outcomeKey = status === "ended" && outcome ? outcomeLabelKey(outcome) : null;
  return (
    <p
      role="status"
      aria-live="polite"
      aria-atomic="true"
      data-testid="dialer-status"
      data-status={status}
      data-phase={status === "calling" ? phase : undefined}
      data-outcome={status === "ended" && outcome ? outcome : undefined}
      className="flex min-w-0 items-start gap-2 text-sm font-medium text-fg"
    >
      <span className={`mt-1.5 size-2 shrink-0 rounded-full ${DOT[status]}`} aria-hidden />
      {/* Wraps: how a call ended ("The other side hung up") is read in full, never cut. */}
      <span className="min-w-0 break-words">
        {calling && phase !== "dialing"
          ? t(`status.${PHASE_KEYS[phase]}`)
          : t(`status.${KEYS[status]}`)}
        {held && status === "in-call" ? ` · ${t("status.held")}` : null}
        {outcomeKey ? ` · ${t(outcomeKey)}` : null}
      </span>
    </p>
  );
}
