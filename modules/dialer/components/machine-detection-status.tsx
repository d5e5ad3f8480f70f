"use client";

import { Bot, Ear, UserRound } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button, Spinner } from "@/components/ui";
import { useMachineDetection } from "@/modules/dialer/hooks/use-machine-detection";

/**
 * What the answering-machine detector is doing on the call: listening (the rep's speaker off),
 * waiting for a machine's beep to leave the voicemail, or what it decided. While it listens or
 * waits, "A person" (key P) gives the rep the call at once.
 */
export function MachineDetectionStatus() {
  const t = useTranslations("Dialer.detection");
  const { state, canOverride, override } = useMachineDetection();
  if (state.phase === "idle" || state.phase === "leaving-voicemail") return null;
  if (state.phase === "decided") {
    // Overridden, the rep said the opposite of the detector: a person where it heard a machine,
    // a machine (they dropped the voicemail) where it heard a person.
    const machine = (state.verdict === "machine") !== state.overridden;
    const Icon = machine ? Bot : UserRound;
    return (
      <p
        className="flex items-center gap-1.5 text-xs text-fg-muted"
        data-testid="machine-detection"
        data-verdict={state.verdict}
      >
        <Icon aria-hidden className="size-3.5 shrink-0" />
        <span className="truncate">
          {state.overridden
            ? t(state.verdict === "machine" ? "overridden" : "overriddenMachine")
            : t(state.verdict)}
        </span>
      </p>
    );
  }
  return (
    <div
      role="status"
      className="flex items-center gap-2 rounded-md bg-neutral-soft px-2 py-1.5 text-neutral-soft-fg"
      data-testid="machine-detection"
      data-phase={state.phase}
    >
      {state.phase === "listening" ? (
        <Ear aria-hidden className="size-4 shrink-0" />
      ) : (
        <Bot aria-hidden className="size-4 shrink-0" />
      )}
      <span className="min-w-0 flex-1 text-xs font-medium">
        {state.phase === "listening" ? t("listening") : t("waitingForBeep")}
      </span>
      {state.phase === "listening" ? <Spinner /> : null}
      {canOverride ? (
        <Button
          variant="secondary"
          size="sm"
          onClick={override}
          aria-label={t("personLong")}
          aria-keyshortcuts="P"
          data-testid="machine-detection-person"
        >
          <UserRound aria-hidden />
          {t("person")}
        </Button>
      ) : null}
    </div>
  );
}
