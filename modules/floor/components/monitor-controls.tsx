"use client";

import { useTranslations } from "next-intl";
import { Ear, Headphones, MessageCircle, PhoneForwarded, Square, Users } from "lucide-react";
import { Button } from "@/components/ui";
import type { MonitorControls as Controls } from "@/modules/floor/hooks/use-monitor";
import type { MonitorMode } from "@/modules/floor/lib/limits";
import type { FloorRep } from "@/modules/floor/lib/schemas";

const modes = [
  { mode: "listen", icon: Ear },
  { mode: "whisper", icon: MessageCircle },
  { mode: "join", icon: Users },
] as const;

const statusKeys = {
  listen: "status.listen",
  whisper: "status.whisper",
  join: "status.join",
} as const satisfies Record<MonitorMode, string>;

/** What the server or the connection said, in the manager's words. */
type ErrorKey =
  "notInCall" | "alreadyMonitored" | "ended" | "noAnswer" | "connection" | "microphone" | "failed";
const errorKeys: Record<string, ErrorKey> = {
  rep_not_in_call: "notInCall",
  already_monitored: "alreadyMonitored",
  rep_not_found: "notInCall",
  monitor_ended: "ended",
  "no-answer": "noAnswer",
  connection: "connection",
  microphone: "microphone",
};

/**
 * A rep's card on the floor, while they are on a call: Listen; then, for the manager listening,
 * the mode (listen, whisper, join), Take over and Stop. Another manager's monitoring is named.
 */
export function MonitorControls({ rep, controls }: { rep: FloorRep; controls: Controls }) {
  const t = useTranslations("Floor.monitor");
  const state = controls.state?.repId === rep.id ? controls.state : null;
  const running =
    state &&
    (state.phase === "connecting" || state.phase === "connected" || state.phase === "taking-over");
  const error = state?.error
    ? t(`errors.${errorKeys[state.error] ?? "failed"}`, { name: rep.name })
    : null;

  if (!running) {
    if (rep.state !== "in-call") return null;
    const other = rep.monitor && !rep.monitor.mine ? rep.monitor : null;
    return (
      <div className="mt-3 space-y-2" data-testid="floor-monitor">
        {other ? (
          <p className="flex items-center gap-1.5 text-sm text-fg-muted">
            <Headphones aria-hidden className="size-4 shrink-0" />
            {t("byOther", { name: other.managerName })}
          </p>
        ) : (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => controls.listen(rep.id)}
            aria-label={t("listenTo", { name: rep.name })}
          >
            <Headphones aria-hidden />
            {t("listen")}
          </Button>
        )}
        {error ? (
          <p role="alert" className="text-sm text-danger-text">
            {error}
          </p>
        ) : null}
      </div>
    );
  }

  return (
    <div
      className="mt-3 space-y-2"
      data-testid="floor-monitor"
      data-phase={state.phase}
      data-mode={state.mode}
    >
      <p role="status" className="text-sm font-medium text-fg" data-testid="floor-monitor-status">
        {state.phase === "connecting"
          ? t("connecting", { name: rep.name })
          : state.phase === "taking-over"
            ? t("takingOver")
            : t(statusKeys[state.mode], { name: rep.name })}
      </p>
      <div className="flex flex-wrap gap-2">
        <div role="group" aria-label={t("modeLabel")} className="flex flex-wrap gap-1">
          {modes.map(({ mode, icon: Icon }) => (
            <Button
              key={mode}
              size="sm"
              variant={state.mode === mode ? "primary" : "secondary"}
              aria-pressed={state.mode === mode}
              disabled={state.phase !== "connected"}
              onClick={() => controls.setMode(mode)}
            >
              <Icon aria-hidden />
              {t(`modes.${mode}`)}
            </Button>
          ))}
        </div>
        <Button
          size="sm"
          variant="secondary"
          disabled={state.phase !== "connected"}
          onClick={() => controls.takeOver()}
        >
          <PhoneForwarded aria-hidden />
          {t("takeOver")}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => controls.stop()}>
          <Square aria-hidden />
          {t("stop")}
        </Button>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-danger-text">
          {error}
        </p>
      ) : null}
    </div>
  );
}
