"use client";

import { useLayoutEffect, useRef } from "react";
import { useTranslations } from "next-intl";
import { Pause, Play, SkipForward, Square } from "lucide-react";
import { Button } from "@/components/ui";
import {
  secondsLeft,
  type CountdownEvent,
  type CountdownState,
} from "@/modules/power-dial/lib/countdown";
import type { RunningSession } from "@/modules/power-dial/lib/session-engine";
import type { Batch } from "@/modules/power-dial/lib/parallel-lines";
import type { RoundRules } from "@/modules/power-dial/lib/parallel-round";
import { PowerDialLines } from "./power-dial-lines";

/**
 * The compact bar of a running session: "3 of 42", the business, the countdown and its hold,
 * Pause/Resume, Skip and Stop. Hovering it holds the countdown. A polite live region announces
 * each business and each countdown (not every second).
 *
 * Where it sits: never under the floating dialer (bottom end, 20rem wide, z-50) nor under the
 * session's drawer (a non-modal panel at the end, 28rem, z-45; the dialer floats over it). From
 * tablets up at the bottom start, as wide as the room beside the drawer allows; on phones and
 * small tablets, where the open dialer and the drawer take the screen, across the top. Its height is published as `--power-dial-bar-h` so that the drawer
 * starts below it there.
 */
export function PowerDialBar({
  session,
  countdown,
  command,
  onStop,
  stopping,
  round,
  rules,
  callStage,
}: {
  /** The team's abandonment rates and this round's lines, in a parallel session. */
  rules: RoundRules | null;
  /** A parallel round under way: its lines are listed. */
  round: Batch | null;
  session: RunningSession;
  countdown: CountdownState;
  command: (event: CountdownEvent) => void;
  /** Stop asks first (./power-dial-stop.tsx). */
  onStop: () => void;
  /** Stop was chosen for after this call. */
  stopping: boolean;
  /**
   * Where the session's call is: dialing, talking, or ended and waiting for its outcome. The
   * bar said "Calling" through all three, also while the prompt asked for the outcome.
   */
  callStage: "dialing" | "inCall" | "outcome";
}) {
  const t = useTranslations("PowerDial");
  const place = session.places[session.index];
  const name = place?.name.trim() || place?.phone || "";
  const position = t("position", { current: session.index + 1, total: session.places.length });
  // The reducer marks a hold at the tick that sees it (wasHeld); Pause shows at once.
  const hold =
    session.phase !== "countdown"
      ? null
      : countdown.pausedByUser
        ? "paused"
        : countdown.wasHeld
          ? countdown.hovering
            ? "hover"
            : "typing"
          : null;
  let status: string;
  if (session.phase === "countdown")
    status = hold ? t(`held.${hold}`) : t("nextIn", { seconds: secondsLeft(countdown) });
  else if (session.phase === "reserving") status = t("reserving");
  else {
    const stage = t(
      callStage === "outcome" ? "askingOutcome" : callStage === "inCall" ? "inCall" : "calling",
    );
    status = stopping ? t("stopsAfterCall", { stage }) : stage;
  }
  const announcement =
    session.phase === "countdown"
      ? hold
        ? t(`held.${hold}`)
        : t("announceNext", { name, position })
      : session.phase === "calling"
        ? t("announceCalling", { name, position })
        : "";
  const paused = countdown.pausedByUser;
  const ref = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const root = document.documentElement.style;
    const publish = () => root.setProperty("--power-dial-bar-h", `${el.offsetHeight + 16}px`);
    publish();
    const observer = new ResizeObserver(publish);
    observer.observe(el);
    return () => {
      observer.disconnect();
      root.removeProperty("--power-dial-bar-h");
    };
  }, []);
  return (
    <section
      ref={ref}
      aria-label={t("barLabel")}
      data-testid="power-dial-bar"
      data-phase={session.phase}
      data-hold={hold ?? ""}
      onPointerEnter={() => command({ type: "hover", on: true })}
      onPointerLeave={() => command({ type: "hover", on: false })}
      className="fixed inset-x-2 top-2 z-[48] flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border border-line bg-surface p-3 text-fg shadow-xl md:inset-x-auto md:top-auto md:bottom-3 md:start-3 md:w-[min(36rem,calc(100vw-30rem))]"
    >
      <div className="min-w-40 flex-1">
        <p className="text-xs text-fg-muted" data-testid="power-dial-position">
          {position}
        </p>
        <p className="truncate font-semibold" dir="auto" data-testid="power-dial-current">
          <bdi>{name}</bdi>
        </p>
        <p className="text-sm tabular-nums text-fg-muted" data-testid="power-dial-status">
          {status}
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap items-center gap-2">
        <Button
          variant="secondary"
          size="sm"
          aria-pressed={paused}
          onClick={() => command({ type: paused ? "resume" : "pause" })}
        >
          {paused ? (
            <Play aria-hidden className="size-4" />
          ) : (
            <Pause aria-hidden className="size-4" />
          )}
          {paused ? t("resume") : t("pause")}
        </Button>
        <Button variant="secondary" size="sm" onClick={() => command({ type: "skip" })}>
          <SkipForward aria-hidden className="size-4 rtl:-scale-x-100" />
          {t("skipNext")}
        </Button>
        <Button
          variant="danger"
          size="sm"
          data-testid="power-dial-stop"
          disabled={stopping}
          onClick={onStop}
        >
          <Square aria-hidden className="size-4" />
          {t("stop")}
        </Button>
      </div>
      {round && session.phase !== "countdown" ? <PowerDialLines round={round} /> : null}
      {rules ? (
        <p className="w-full text-xs text-fg-muted" data-testid="power-dial-rates">
          {t("rates", {
            lines: rules.lines,
            day: rules.last24Hours.ratePercent.toFixed(1),
            month: rules.last30Days.ratePercent.toFixed(1),
            cap: rules.capPercent,
          })}
        </p>
      ) : null}
      <p className="sr-only" role="status" aria-live="polite">
        {announcement}
      </p>
    </section>
  );
}
