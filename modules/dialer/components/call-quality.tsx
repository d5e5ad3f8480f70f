"use client";

import { TriangleAlert } from "lucide-react";
import { useTranslations } from "next-intl";
import { Tooltip } from "@/components/ui/tooltip";
import type { QualityReading } from "@/modules/dialer/lib/call-quality";
import { can } from "@/lib/auth/permissions";
import { useMemberRole } from "@/lib/client/member-role";

/** Seconds of poor readings in a row before the rep is warned (one reading a second). */
export const POOR_WARNING_SECONDS = 4;

const BAR_COLOUR = {
  good: "bg-emerald-500",
  fair: "bg-amber-500",
  poor: "bg-red-500",
} as const;
const LIT = { good: 3, fair: 2, poor: 1 } as const;

/**
 * The line's quality during a real call: three bars (good, fair, poor from the estimated MOS,
 * modules/dialer/lib/call-quality.ts), named in words on hover and focus ("Call quality: Good"),
 * with the figures (MOS, round trip, jitter, loss) for managers only: a rep acts on the words.
 * Reserves its width before the first reading, so nothing moves when it appears.
 */
export function CallQuality({ reading }: { reading: QualityReading | null }) {
  const t = useTranslations("Dialer.quality");
  const technical = can(useMemberRole(), "calls.lineDetails");
  if (!reading) return <span className="inline-block w-5" aria-hidden />;
  if (reading.noAudio) {
    // Silence is not a good line: no bars, no MOS.
    return (
      <Tooltip content={t("noAudioDetails")}>
        <span
          tabIndex={0}
          role="img"
          aria-label={`${t("label", { level: t("noAudio") })}. ${t("noAudioDetails")}`}
          data-testid="call-quality"
          data-level="no-audio"
          className="whitespace-nowrap rounded-sm text-xs font-medium text-danger-text outline-none focus-visible:ring-2 focus-visible:ring-focus"
        >
          {t("noAudio")}
        </span>
      </Tooltip>
    );
  }
  const level = t(reading.level);
  const percent = (fraction: number) => (fraction * 100).toFixed(1);
  const details =
    reading.incoming && reading.outgoing
      ? t("detailsBoth", {
          mos: reading.mos.toFixed(1),
          rtt: Math.round(reading.rttMs),
          inLoss: percent(reading.incoming.lossFraction),
          inJitter: Math.round(reading.incoming.jitterMs),
          outLoss: percent(reading.outgoing.lossFraction),
          outJitter: Math.round(reading.outgoing.jitterMs),
        })
      : t("details", {
          mos: reading.mos.toFixed(1),
          rtt: Math.round(reading.rttMs),
          jitter: Math.round(reading.jitterMs),
          loss: percent(reading.lossFraction),
        });
  const said = technical ? `${t("label", { level })}. ${details}` : t("label", { level });
  return (
    <Tooltip content={said}>
      <span
        tabIndex={0}
        role="img"
        aria-label={said}
        data-testid="call-quality"
        data-level={reading.level}
        data-outgoing-loss={reading.outgoing ? percent(reading.outgoing.lossFraction) : undefined}
        dir="ltr"
        className="inline-flex h-4 w-5 items-end gap-0.5 rounded-sm outline-none focus-visible:ring-2 focus-visible:ring-focus"
      >
        {[1, 2, 3].map((bar) => (
          <span
            key={bar}
            aria-hidden
            style={{ height: `${bar * 33}%` }}
            className={`w-1 rounded-sm ${bar <= LIT[reading.level] ? BAR_COLOUR[reading.level] : "bg-line-strong"}`}
          />
        ))}
      </span>
    </Tooltip>
  );
}

/** The warning under the status once the call has been poor for a few seconds. */
export function CallQualityWarning({ reading }: { reading: QualityReading | null }) {
  const t = useTranslations("Dialer.quality");
  if (!reading || reading.poorForSeconds < POOR_WARNING_SECONDS) return null;
  return (
    <p
      role="alert"
      data-testid="call-quality-warning"
      className="flex items-start gap-1.5 rounded-md bg-danger-soft px-2 py-1 text-xs text-danger-soft-fg"
    >
      <TriangleAlert aria-hidden className="mt-0.5 size-3.5 shrink-0" />
      {t("warning", { seconds: reading.poorForSeconds })}
    </p>
  );
}
