"use client";

import { useTranslations } from "next-intl";
import { Badge, type Tone } from "@/components/ui";
import { DISPOSITION_FLAGS, type Disposition } from "@/modules/calls/lib/dispositions";

function toneOf(disposition: Disposition): Tone {
  const flags = DISPOSITION_FLAGS[disposition];
  if (flags.sale) return "success";
  if (disposition === "do_not_call" || disposition === "wrong_number") return "danger";
  if (flags.conversation) return "brand";
  return "neutral";
}

/** A call's outcome as a badge; an undisposed call says so plainly. */
export function CallOutcome({ disposition }: { disposition: Disposition | null }) {
  const t = useTranslations("Calls");
  if (!disposition) {
    return (
      <Badge tone="warning" data-testid="call-outcome" data-disposition="">
        {t("undisposed")}
      </Badge>
    );
  }
  return (
    <Badge tone={toneOf(disposition)} data-testid="call-outcome" data-disposition={disposition}>
      {t(`dispositions.${disposition}`)}
    </Badge>
  );
}
