"use client";

import { useFormatter, useTranslations } from "next-intl";
import { PhoneIncoming, PhoneMissed, PhoneOff } from "lucide-react";
import { Badge } from "@/components/ui";
import type { CallDirectionQuality, CallDto } from "@/modules/calls/lib/schemas";
import { qualityLevel } from "@/modules/dialer/lib/call-quality";
import { outcomeLabelKey } from "@/modules/dialer/lib/sip-outcome";
import { isolate } from "@/lib/format/bidi";
import { cn } from "@/lib/ui/cn";
import { can } from "@/lib/auth/permissions";
import { useMemberRole } from "@/lib/client/member-role";

type LineReport = Pick<
  CallDto,
  "outcome" | "sipStatus" | "setupMs" | "quality" | "detection" | "abandonedAt"
> &
  Partial<Pick<CallDto, "monitored">>;
/** `detail`: the figures behind the value, for managers (shown on hover or in details). */
export type LineFact = { key: string; label: string; value: string; detail?: string };

/**
 * What the line reported about a call as label and value, only what is known: the
 * outcome (named as "Call Ended" named it in the dialer), who answered (the answering-machine
 * detector's decision), the final SIP status, the setup time (click or Answer to connected) and
 * the quality summary. A simulated call reports none of them, and its setup time is the
 * simulation's own 600 ms timer (the demo's, a seeded 4 s): it is shown only beside a line's
 * report, so simulated calls look as they always did.
 *
 * A rep reads plain words: the outcome and "Call quality: Good". The SIP status, the setup time
 * and the quality's figures (MOS, jitter, loss) are for managers, who diagnose lines.
 */
export function useLineFacts(call: LineReport | null): LineFact[] {
  const t = useTranslations("Calls.line");
  const tDialer = useTranslations("Dialer");
  const format = useFormatter();
  const technical = can(useMemberRole(), "calls.lineDetails");
  if (!call) return [];
  const facts: LineFact[] = [];
  if (call.outcome) {
    const key = outcomeLabelKey(call.outcome);
    const value = key ? tDialer(key) : t(call.outcome === "cancelled" ? "cancelled" : "completed");
    facts.push({ key: "outcome", label: t("outcome"), value });
  }
  if (call.detection) facts.push(detectionFact(call.detection, t, format));
  // Parallel dialing abandoned it: a person answered and no rep was free in time.
  if (call.abandonedAt) {
    facts.push({ key: "abandoned", label: t("abandoned.label"), value: t("abandoned.value") });
  }
  // A manager listened to it from the live floor (modules/floor, "Monitoring").
  if (call.monitored) {
    facts.push({ key: "monitored", label: t("monitored.label"), value: t("monitored.value") });
  }
  if (technical && call.sipStatus !== null) {
    facts.push({ key: "sipStatus", label: t("sipStatus"), value: String(call.sipStatus) });
  }
  const fromLine = call.outcome !== null || call.sipStatus !== null || call.quality !== null;
  if (technical && fromLine && call.setupMs !== null) {
    facts.push({
      key: "setup",
      label: t("setup"),
      value: format.number(call.setupMs / 1000, {
        style: "unit",
        unit: "second",
        unitDisplay: "short",
        maximumFractionDigits: 1,
      }),
    });
  }
  if (call.quality) {
    const q = call.quality;
    const mos = (value: number) =>
      format.number(value, { minimumFractionDigits: 1, maximumFractionDigits: 2 });
    const figures = (d: CallDirectionQuality) =>
      t("qualityFigures", {
        average: mos(d.averageMos),
        worst: mos(d.worstMos),
        jitter: format.number(d.worstJitterMs, {
          style: "unit",
          unit: "millisecond",
          unitDisplay: "short",
          maximumFractionDigits: 1,
        }),
        loss: format.number(d.worstLossPercent / 100, {
          style: "percent",
          maximumFractionDigits: 1,
        }),
      });
    const level = (d: CallDirectionQuality) => tDialer(`quality.${qualityLevel(d.averageMos)}`);
    facts.push({ key: "quality", label: t("quality"), value: level(q) });
    if (!technical) return facts;
    facts[facts.length - 1]!.detail = figures(q);
    // Each direction on its own: a rep who was heard badly and one who heard badly need
    // different fixes (their microphone or upload, or the far end's path).
    for (const [key, d] of [
      ["qualityIncoming", q.incoming],
      ["qualityOutgoing", q.outgoing],
    ] as const) {
      if (d) facts.push({ key, label: t(key), value: level(d), detail: figures(d) });
    }
  }
  return facts;
}

/**
 * "Answered by: an answering machine · decided after 2.1 s", then whether the rep corrected it
 * and whether the voicemail went automatically: in plain words for reps (the cause is for the
 * detector's accuracy counts, not the Call Log).
 */
function detectionFact(
  d: NonNullable<CallDto["detection"]>,
  t: ReturnType<typeof useTranslations<"Calls.line">>,
  format: ReturnType<typeof useFormatter>,
): LineFact {
  const seconds = format.number(d.atMs / 1000, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
  const parts = [
    t(`detection.${d.verdict}`),
    t("detection.decidedAfter", { seconds: isolate(seconds) }),
  ];
  if (d.overridden) parts.push(t("detection.overridden"));
  if (d.automaticVoicemail) parts.push(t("detection.automaticVoicemail"));
  return { key: "detection", label: t("detection.label"), value: parts.join(" · ") };
}

/** The facts as one wrapping line of "label: value" pairs (the Call Log's rows). */
export function CallLineFacts({ call, className }: { call: LineReport; className?: string }) {
  const t = useTranslations("Calls.line");
  const facts = useLineFacts(call);
  if (facts.length === 0) return null;
  return (
    <dl
      aria-label={t("details")}
      className={cn("flex flex-wrap gap-x-3 gap-y-1 text-xs text-fg-muted", className)}
      data-testid="call-line-facts"
    >
      {facts.map((fact) => (
        <div key={fact.key} className="flex min-w-0 gap-1" data-fact={fact.key}>
          <dt className="after:content-[':']">{fact.label}</dt>
          <dd className="min-w-0 break-words text-fg" title={fact.detail}>
            <bdi>{fact.value}</bdi>
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * An inbound call's badge: Missed when it never connected, else Inbound. An outbound call has
 * none, unless parallel dialing abandoned it (Abandoned).
 */
export function DirectionBadge({
  call,
}: {
  call: Pick<CallDto, "direction" | "connectedAt" | "endedAt" | "abandonedAt">;
}) {
  const t = useTranslations("Calls.direction");
  if (call.direction !== "inbound") {
    return call.abandonedAt ? (
      <Badge tone="danger" data-testid="call-abandoned">
        <PhoneOff aria-hidden />
        {t("abandoned")}
      </Badge>
    ) : null;
  }
  const missed = isMissed(call);
  const Icon = missed ? PhoneMissed : PhoneIncoming;
  return (
    <Badge
      tone={missed ? "danger" : "accent"}
      data-testid="call-direction"
      data-direction={missed ? "missed" : "inbound"}
    >
      <Icon aria-hidden />
      {missed ? t("missed") : t("inbound")}
    </Badge>
  );
}

/** An inbound call that rang and ended without ever connecting (the Missed Calls screen's). */
export function isMissed(call: Pick<CallDto, "direction" | "connectedAt" | "endedAt">): boolean {
  return call.direction === "inbound" && call.connectedAt === null && call.endedAt !== null;
}
