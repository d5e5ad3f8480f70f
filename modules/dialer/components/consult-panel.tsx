"use client";

import { Pause, PhoneForwarded, Undo2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui";
import { displayPhone } from "@/lib/format/phone";
import { useDialer, useLastBusiness } from "@/modules/dialer/components/dialer-provider";
import { useTeam } from "@/modules/team/hooks/use-team";

/**
 * A warm transfer under way: both calls, the business on hold and the consultation (calling,
 * then live), with Join (hand the business over, once the target answered) and Go back (hang up
 * on the target, resume the business). Plain buttons in a labelled group: Tab reaches both.
 */
export function ConsultPanel() {
  const t = useTranslations("Dialer.transfer");
  const dialer = useDialer();
  const business = useLastBusiness();
  const consult = dialer.consult;
  // The dialog that started the consultation read the team already: this is its cached list.
  const team = useTeam({ enabled: consult?.target.kind === "teammate" });
  if (!consult) return null;
  const target =
    consult.target.kind === "teammate"
      ? (team.data?.members.find(
          (m) => consult.target.kind === "teammate" && m.id === consult.target.userId,
        )?.username ?? t("teammate"))
      : displayPhone(consult.target.number);
  const live = consult.state === "connected";
  return (
    <section
      aria-label={t("consultTitle")}
      data-testid="consult-panel"
      data-consult-state={consult.state}
      className="space-y-2 rounded-md border border-line bg-surface-muted p-2 text-sm text-fg"
    >
      <p className="flex items-center gap-2 text-fg-muted" data-testid="consult-business">
        <Pause aria-hidden className="size-4 shrink-0" />
        <span className="min-w-0 truncate">
          {t("businessOnHold", { caller: business?.placeName || displayPhone(dialer.number) })}
        </span>
      </p>
      <p
        className="flex items-center gap-2 font-medium"
        role="status"
        aria-live="polite"
        data-testid="consult-target"
      >
        <PhoneForwarded aria-hidden className="size-4 shrink-0" />
        <span className="min-w-0 truncate">
          {t(live ? "consultTalking" : "consultCalling", { target })}
        </span>
      </p>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" size="sm" onClick={dialer.endConsultation}>
          <Undo2 aria-hidden className="rtl:-scale-x-100" />
          {t("goBack")}
        </Button>
        <Button
          size="sm"
          disabled={!live}
          title={t("joinHint", { target })}
          onClick={dialer.joinConsultation}
        >
          <PhoneForwarded aria-hidden />
          {t("join")}
        </Button>
      </div>
    </section>
  );
}
