"use client";

import { Phone, PhoneIncoming, PhoneOff } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import { Button } from "@/components/ui";
import { formatPhone } from "@/lib/format/phone";
import { useDialerCommands, useDialerValue } from "@/modules/dialer/components/dialer-provider";
import { useRingTone } from "@/modules/dialer/hooks/use-ring-tone";

/**
 * A call ringing this rep: who calls, Answer and Decline. Shown at the top of the dialer
 * window (opened if it was minimised), takes focus on Answer so Enter answers and Tab reaches
 * Decline, rings audibly unless Dialer Sounds are off, and is announced as an alert.
 */
export function IncomingCall() {
  const t = useTranslations("Dialer.incoming");
  const incoming = useDialerValue((s) => s.incoming);
  const { answer, decline } = useDialerCommands();
  const answerRef = useRef<HTMLButtonElement>(null);
  useRingTone(incoming !== null);
  useEffect(() => {
    if (incoming) answerRef.current?.focus();
  }, [incoming]);
  if (!incoming) return null;
  const caller = incoming.name ?? (incoming.from ? formatPhone(incoming.from) : t("unknown"));
  return (
    <div
      role="alertdialog"
      aria-labelledby="incoming-call-title"
      aria-describedby="incoming-call-from"
      data-testid="incoming-call"
      className="space-y-2 border-b border-line bg-primary-soft p-3"
    >
      <p
        id="incoming-call-title"
        className="flex items-center gap-2 text-sm font-semibold text-primary-soft-fg"
      >
        <PhoneIncoming aria-hidden className="size-4 animate-pulse motion-reduce:animate-none" />
        {t("title")}
      </p>
      <p id="incoming-call-from" className="truncate text-sm text-fg">
        <bdi dir={incoming.name ? undefined : "ltr"}>{caller}</bdi>
      </p>
      <div className="grid grid-cols-2 gap-2">
        <Button ref={answerRef} variant="success" onClick={() => answer(incoming.id)}>
          <Phone aria-hidden />
          {t("answer")}
        </Button>
        <Button variant="danger" onClick={() => decline(incoming.id)}>
          <PhoneOff aria-hidden />
          {t("decline")}
        </Button>
      </div>
    </div>
  );
}
