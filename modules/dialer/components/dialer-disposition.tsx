"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "@/components/ui/toaster";
import { DispositionForm } from "@/modules/calls/components/disposition-form";
import { addCallbackAppointment } from "@/modules/calls/client/callback-appointment";
import type { PendingDisposition } from "@/modules/calls/client/recorder";
import { formatDuration } from "@/lib/format/duration";
import { formatPhone } from "@/lib/format/phone";
import { isTextEntry } from "@/lib/ui/text-entry";
import { useCallDisposition } from "@/modules/dialer/components/dialer-provider";

/**
 * The dialer's question after a call: shown in place of the keypad until the rep answers or
 * skips. The answer is queued in the call outbox (saved even while the server is unreachable).
 */
export function DialerDisposition({
  pending,
  placed,
}: {
  pending: PendingDisposition;
  /** False while the window is hidden to be measured (a prompt restored on load): focus waits. */
  placed: boolean;
}) {
  const t = useTranslations("Calls");
  const { save, skip } = useCallDisposition();
  // The prompt takes focus (so 1-9 reach it) unless the rep is typing in a text field outside
  // the dialer (a note in the drawer): they keep their place. A focus trap (a modal dialog that
  // is open) keeps focus where it is anyway.
  const [focus] = useState(() => {
    const active = document.activeElement;
    return !active || active.closest("[data-dialer-root]") !== null || !isTextEntry(active);
  });
  const number = formatPhone(pending.number);
  const duration =
    pending.talkSeconds === null ? t("notConnected") : formatDuration(pending.talkSeconds);
  const summary = [pending.context?.placeName, number].filter(Boolean).join(" · ");
  return (
    <div data-testid="dialer-disposition" data-call-id={pending.callId}>
      <DispositionForm
        key={pending.callId}
        compact
        suggested={pending.suggested}
        autoFocus={focus && placed}
        summary={
          <>
            <bdi>{summary}</bdi> · <bdi dir="ltr">{duration}</bdi>
          </>
        }
        onSkip={skip}
        onSave={(answer) => {
          save(pending.callId, answer);
          addCallbackAppointment(
            pending.context && { ...pending.context, phone: pending.number },
            answer,
          );
          toast.success(t("prompt.saved", { outcome: t(`dispositions.${answer.disposition}`) }));
        }}
      />
    </div>
  );
}
