"use client";

import { useSyncExternalStore } from "react";
import { useTranslations } from "next-intl";
import type { Batch, LineView } from "@/modules/power-dial/lib/parallel-lines";

/**
 * The lines of a parallel round in the session bar: each business and what its line is doing
 * (ringing, listening for a person or a machine, leaving the voicemail...), then how it ended.
 */
export function PowerDialLines({ round }: { round: Batch }) {
  const t = useTranslations("PowerDial");
  const lines = useSyncExternalStore(round.subscribe, round.lines, round.lines);
  return (
    <ul
      className="grid w-full gap-0.5 text-sm"
      aria-label={t("linesLabel")}
      data-testid="power-dial-lines"
    >
      {lines.map((line) => (
        <li
          key={line.placeId}
          // The state beside the name, not at the far end: there the floating dialer, moved
          // beside an open drawer, can cover the bar's end.
          className="flex gap-2"
          data-phase={line.phase}
          data-result={line.result ?? undefined}
        >
          <bdi className="max-w-[55%] truncate">{line.name.trim() || t("unnamed")}</bdi>
          <span className="min-w-0 truncate text-fg-muted">{describe(t, line)}</span>
        </li>
      ))}
    </ul>
  );
}

function describe(t: ReturnType<typeof useTranslations<"PowerDial">>, line: LineView): string {
  return line.phase === "ended" && line.result
    ? t(`lineResult.${line.result}`)
    : t(`linePhase.${line.phase}`);
}
