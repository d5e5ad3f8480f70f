"use client";

import { useFormatter, useTranslations } from "next-intl";
import { Building2, Layers, Users } from "lucide-react";
import { Badge, EmptyState, ListError, ListLoading, type Tone } from "@/components/ui";
import { formatDuration } from "@/lib/format/duration";
import { useFloor, useServerNow } from "@/modules/floor/hooks/use-floor";
import { useMonitor, type MonitorControls as Controls } from "@/modules/floor/hooks/use-monitor";
import { MonitorControls } from "./monitor-controls";
import type { PresenceState } from "@/modules/floor/lib/limits";
import type { FloorRep } from "@/modules/floor/lib/schemas";

const stateTone: Record<PresenceState, Tone> = {
  offline: "neutral",
  ready: "success",
  dialing: "warning",
  ringing: "warning",
  "in-call": "brand",
  "wrapping-up": "accent",
};

/** The dialer's own colours for a call's quality (modules/dialer/components/call-quality.tsx). */
const qualityDot = { good: "bg-emerald-500", fair: "bg-amber-500", poor: "bg-red-500" } as const;

const stateKey = {
  offline: "offline",
  ready: "ready",
  dialing: "dialing",
  ringing: "ringing",
  "in-call": "inCall",
  "wrapping-up": "wrappingUp",
} as const satisfies Record<PresenceState, string>;

/** The live floor: every member of the team, what they are doing now and their day so far. */
export function FloorView() {
  const t = useTranslations("Floor");
  const floor = useFloor();
  const reps = floor.data?.reps;
  const anyoneOn = !!reps?.some((r) => r.since !== null);
  const now = useServerNow(floor.data?.offsetMs ?? 0, anyoneOn);
  const monitor = useMonitor();

  if (floor.isPending) return <ListLoading label={t("loading")} testId="floor-loading" />;
  if (floor.isError)
    return (
      <ListError
        message={t("error")}
        retryLabel={t("retry")}
        onRetry={() => void floor.refetch()}
        testId="floor-error"
      />
    );
  // The manager alone is no team yet.
  if (!reps || reps.every((r) => r.self))
    return <EmptyState icon={Users} title={t("empty")} description={t("emptyBody")} />;

  return (
    <section aria-labelledby="floor-heading">
      <h2 id="floor-heading" className="sr-only">
        {t("listLabel")}
      </h2>
      <ul className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-3" data-testid="floor-list">
        {reps.map((rep) => (
          <FloorCard key={rep.id} rep={rep} now={now} monitor={monitor} />
        ))}
      </ul>
    </section>
  );
}

function FloorCard({ rep, now, monitor }: { rep: FloorRep; now: number; monitor: Controls }) {
  const t = useTranslations("Floor");
  const tDialer = useTranslations("Dialer");
  const format = useFormatter();
  const headingId = `floor-rep-${rep.id}`;
  const seconds = rep.since ? Math.max(0, (now - Date.parse(rep.since)) / 1000) : null;
  const onCall = rep.state !== "offline" && rep.state !== "ready";
  return (
    <li
      aria-labelledby={headingId}
      data-rep={rep.name}
      data-state={rep.state}
      className="rounded-xl border border-line bg-surface p-4 shadow-sm"
    >
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={headingId} className="truncate font-medium text-fg">
            {rep.name}
          </h3>
          {rep.role === "manager" ? <p className="text-xs text-fg-muted">{t("manager")}</p> : null}
        </div>
        <Badge tone={stateTone[rep.state]} className="shrink-0" data-testid="floor-state">
          <span
            aria-hidden
            className={`size-1.5 rounded-full bg-current ${rep.state === "ringing" ? "motion-safe:animate-pulse" : ""}`}
          />
          {t(`states.${stateKey[rep.state]}`)}
        </Badge>
      </div>

      <div className="mt-3 min-h-10 space-y-1 text-sm">
        {onCall ? (
          <p className="flex min-w-0 items-center gap-1.5 text-fg" data-testid="floor-business">
            <Building2 aria-hidden className="size-4 shrink-0 text-fg-muted" />
            <span className="truncate">
              {rep.business ? (rep.business.name ?? t("unnamedBusiness")) : t("noBusiness")}
            </span>
          </p>
        ) : null}
        {seconds !== null ? (
          <p className="text-fg-muted">
            {t(rep.state === "in-call" ? "onCallFor" : "inStateFor")}{" "}
            <span className="font-medium tabular-nums text-fg" data-testid="floor-duration">
              {formatDuration(seconds)}
            </span>
          </p>
        ) : null}
        {rep.quality ? (
          <p className="flex items-center gap-1.5 text-fg-muted" data-testid="floor-quality">
            <span aria-hidden className={`size-2 rounded-full ${qualityDot[rep.quality]}`} />
            {tDialer("quality.label", { level: tDialer(`quality.${rep.quality}`) })}
          </p>
        ) : null}
        {rep.powerDial ? (
          <p className="flex items-center gap-1.5 text-fg-muted">
            <Layers aria-hidden className="size-4 shrink-0" />
            {rep.powerDial.lines
              ? t("powerDialLines", { count: rep.powerDial.lines })
              : t("powerDial")}
          </p>
        ) : null}
      </div>

      <dl className="mt-3 grid grid-cols-3 gap-2 text-sm">
        {(
          [
            ["dials", format.number(rep.today.dials)],
            ["connects", format.number(rep.today.connects)],
            ["talkTime", formatDuration(rep.today.talkSeconds)],
          ] as const
        ).map(([key, value]) => (
          <div key={key} className="rounded-lg bg-surface-muted px-3 py-2">
            <dt className="text-xs text-fg-muted">{t(key)}</dt>
            <dd className="mt-0.5 font-semibold tabular-nums text-fg">{value}</dd>
          </div>
        ))}
      </dl>
      {rep.self ? null : <MonitorControls rep={rep} controls={monitor} />}
    </li>
  );
}
