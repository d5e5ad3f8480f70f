"use client";

import { useFormatter, useTranslations } from "next-intl";
import { Button, Dialog } from "@/components/ui";
import type { SavedRun } from "@/modules/power-dial/lib/session-engine";

/**
 * After a reload during a power-dial session: where it was, and whether to go on.
 * Resuming keeps the figures so far and goes back to the business it was on (its owed outcome
 * first, if the call had ended); ending lets the business held for it go.
 */
export function PowerDialResume({
  saved,
  onResume,
  onDiscard,
}: {
  saved: SavedRun;
  onResume: () => void;
  onDiscard: () => void;
}) {
  const t = useTranslations("PowerDial.resumeAsk");
  const format = useFormatter();
  const place = saved.places[saved.index];
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onDiscard()}
      title={t("title")}
      description={t("description", {
        done: format.number(saved.calls.length + saved.skipped),
        queued: format.number(saved.queued),
        name: place?.name.trim() || "—",
      })}
      initialFocus={["[data-resume]"]}
      footer={
        <>
          <Button variant="secondary" data-testid="power-dial-resume-end" onClick={onDiscard}>
            {t("end")}
          </Button>
          <Button data-resume="" data-testid="power-dial-resume" onClick={onResume}>
            {t("resume")}
          </Button>
        </>
      }
    />
  );
}
