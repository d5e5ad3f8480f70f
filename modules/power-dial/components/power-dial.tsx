"use client";

import { useState } from "react";
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { PhoneForwarded } from "lucide-react";
import {
  isCallActive,
  useCallDisposition,
  useDialerValue,
  useRealLine,
} from "@/modules/dialer/components/dialer-provider";
import { Button } from "@/components/ui";
import type { Place } from "@/modules/places/lib/schemas";
import {
  loadPowerDialRuntime,
  type PowerDialSession,
} from "@/modules/power-dial/hooks/use-power-dial-session";

// The preview and the summary (dialogs: Radix Dialog and its focus and scroll locks) load when
// first needed, not with the Targets page.
const PowerDialPreview = dynamic(
  () => import("./power-dial-preview").then((m) => m.PowerDialPreview),
  { ssr: false },
);
const PowerDialSummary = dynamic(
  () => import("./power-dial-summary").then((m) => m.PowerDialSummary),
  { ssr: false },
);
const PowerDialStop = dynamic(() => import("./power-dial-stop").then((m) => m.PowerDialStop), {
  ssr: false,
});
const PowerDialResume = dynamic(
  () => import("./power-dial-resume").then((m) => m.PowerDialResume),
  { ssr: false },
);
// The running session's bar (and its Radix Progress) too: it is only shown during a session,
// which starts from the preview, so opening the preview fetches it (and the session's engine).
const loadBar = () => import("./power-dial-bar").then((m) => m.PowerDialBar);
const PowerDialBar = dynamic(loadBar, { ssr: false });

/**
 * Power dialing on the Targets results: the "Dial this list" button, its preview,
 * the running session's bar and the summary at the end. The session itself
 * (`usePowerDialSession`) lives in `PowerDialHost`, which the screen gives the drawer to open.
 */
export function PowerDial({
  places,
  power,
}: {
  places: readonly Place[];
  power: PowerDialSession;
}) {
  const t = useTranslations("PowerDial");
  const callActive = useDialerValue(isCallActive);
  const callEnded = useDialerValue((s) => s.status === "ended");
  const inCall = useDialerValue((s) => s.status === "in-call");
  const { pending: askingOutcome } = useCallDisposition();
  const [previewOpen, setPreviewOpen] = useState(false);
  // Each dialog stays mounted from its first opening on, so that it can animate closed.
  const [previewUsed, setPreviewUsed] = useState(false);
  if (previewOpen && !previewUsed) setPreviewUsed(true);
  const { session, countdown, summary, engine, askingStop, stopping, resumable, round, rules } =
    power;
  // Parallel lines need a real phone line (the simulation places one call at a time).
  const realLine = useRealLine();
  const [summaryUsed, setSummaryUsed] = useState(false);
  if (summary && !summaryUsed) setSummaryUsed(true);
  return (
    <>
      <Button
        variant="secondary"
        data-testid="power-dial-open"
        disabled={places.length === 0 || session !== null || callActive}
        onClick={() => {
          void loadBar().catch(() => {}); // retried when the bar renders
          void loadPowerDialRuntime().catch(() => {}); // retried when the session starts
          setPreviewOpen(true);
        }}
      >
        <PhoneForwarded aria-hidden className="rtl:-scale-x-100" />
        {t("dialList")}
      </Button>
      {previewUsed ? (
        <PowerDialPreview
          open={previewOpen}
          onOpenChange={setPreviewOpen}
          places={places}
          parallel={realLine}
          onStart={(plan, settings, lines) => {
            setPreviewOpen(false);
            engine.start(plan, settings, lines);
          }}
        />
      ) : null}
      {session ? (
        <PowerDialBar
          session={session}
          countdown={countdown}
          command={engine.command}
          onStop={engine.askStop}
          stopping={stopping}
          round={round}
          rules={rules}
          callStage={
            callActive ? (inCall ? "inCall" : "dialing") : askingOutcome ? "outcome" : "dialing"
          }
        />
      ) : null}
      {session && askingStop ? (
        <PowerDialStop
          open
          inCall={session.phase === "calling" && (callActive || callEnded)}
          onCancel={engine.cancelStop}
          onStop={engine.confirmStop}
        />
      ) : null}
      {resumable && !session ? (
        <PowerDialResume
          saved={resumable}
          onResume={() => {
            void loadBar().catch(() => {}); // retried when the bar renders
            engine.resume(resumable);
          }}
          onDiscard={() => engine.discard(resumable)}
        />
      ) : null}
      {summaryUsed ? <PowerDialSummary summary={summary} onClose={engine.closeSummary} /> : null}
    </>
  );
}
