"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { PhoneForwarded } from "lucide-react";
import { useDialer } from "@/components/dialer/dialer-provider";
import { Button } from "@/components/ui";
import type { Place } from "@/lib/places/schemas";
import { PowerDialBar } from "./power-dial-bar";
import { PowerDialPreview } from "./power-dial-preview";
import { PowerDialSummary } from "./power-dial-summary";
import type { PowerDialSession } from "./use-power-dial-session";

/**
 * Power dialing on the Targets results (issue 15): the "Dial this list" button, its preview,
 * the running session's bar and the summary at the end. The session itself
 * (`usePowerDialSession`) lives with the screen, which opens the drawer on each business.
 */
export function PowerDial({
  places,
  power,
}: {
  places: readonly Place[];
  power: PowerDialSession;
}) {
  const t = useTranslations("PowerDial");
  const dialer = useDialer();
  const [previewOpen, setPreviewOpen] = useState(false);
  const { session, countdown, summary, engine } = power;
  return (
    <>
      <Button
        variant="secondary"
        data-testid="power-dial-open"
        disabled={places.length === 0 || session !== null || dialer.isActive}
        onClick={() => setPreviewOpen(true)}
      >
        <PhoneForwarded aria-hidden className="rtl:-scale-x-100" />
        {t("dialList")}
      </Button>
      <PowerDialPreview
        open={previewOpen}
        onOpenChange={setPreviewOpen}
        places={places}
        onStart={(plan, settings) => {
          setPreviewOpen(false);
          engine.start(plan, settings);
        }}
      />
      {session ? (
        <PowerDialBar session={session} countdown={countdown} command={engine.command} />
      ) : null}
      <PowerDialSummary summary={summary} onClose={engine.closeSummary} />
    </>
  );
}
