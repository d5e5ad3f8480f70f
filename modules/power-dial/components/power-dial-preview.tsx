"use client";

import { useMemo, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { Button, Checkbox, Dialog, Select, Spinner } from "@/components/ui";
import { fetchDialPreview, powerDialKeys } from "@/modules/power-dial/lib/api";
import { fetchAbandonment } from "@/modules/power-dial/client/dialing-rules";
import { dialingRulesKeys } from "@/modules/power-dial/client/keys";
import { planSession, skipReasons, type SessionPlan } from "@/modules/power-dial/lib/plan";
import type { DialSettings } from "@/modules/power-dial/lib/schemas";
import type { Place } from "@/modules/places/lib/schemas";

/** Lines a session may dial at once: one to five. */
const LINE_CHOICES = [1, 2, 3, 4, 5] as const;

/**
 * "Dial this list": what a session over the Targets rows will dial and what it skips, and why
 * (for example "42 of 60 will be dialed: 9 closed now, 5 without a phone, ..."), built from
 * planSession and the server's checks. Start hands the plan to the session.
 */
export function PowerDialPreview({
  open,
  onOpenChange,
  places,
  parallel,
  onStart,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  places: readonly Place[];
  /** The team has a real phone line: the rep may dial up to MAX_LINES businesses at once. */
  parallel: boolean;
  onStart: (plan: SessionPlan, settings: DialSettings, lines: number) => void;
}) {
  const t = useTranslations("PowerDial");
  const [lines, setLines] = useState(1);
  const [includeClosed, setIncludeClosed] = useState(false);
  const [includeRecent, setIncludeRecent] = useState(false);
  const body = useMemo(
    () => places.map((p) => ({ placeId: p.place_id, phone: p.phone ?? null })),
    [places],
  );
  const preview = useQuery({
    queryKey: powerDialKeys.preview(body),
    queryFn: () => fetchDialPreview(body),
    enabled: open && body.length > 0,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  // The edge's lines for one rep, and the team's rates (pacing may use fewer as they rise).
  const rules = useQuery({
    queryKey: dialingRulesKeys.abandonment(),
    queryFn: ({ signal }) => fetchAbandonment(signal),
    enabled: open && parallel,
    staleTime: 0,
  });
  const maxLines = rules.data?.maxLines ?? LINE_CHOICES.length;
  const plan = useMemo(
    () =>
      preview.data
        ? planSession(places, preview.data.places, {
            now: new Date(),
            window: preview.data.settings.window,
            includeClosed,
            includeRecent,
          })
        : null,
    [places, preview.data, includeClosed, includeRecent],
  );
  const parts = plan
    ? skipReasons
        .filter((r) => plan.counts[r] > 0)
        .map((r) =>
          t(`skip.${r}`, {
            count: plan.counts[r],
            hours: preview.data?.settings.recentHours ?? 24,
          }),
        )
    : [];

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("previewTitle")}
      description={t("previewDescription")}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t("cancel")}
          </Button>
          <Button
            data-testid="power-dial-start"
            disabled={!plan || plan.toDial.length === 0}
            onClick={() =>
              plan &&
              preview.data &&
              onStart(plan, preview.data.settings, parallel ? Math.min(lines, maxLines) : 1)
            }
          >
            {t("start")}
          </Button>
        </>
      }
    >
      <div className="grid gap-3" data-testid="power-dial-preview">
        {preview.isPending && open ? (
          <p className="flex items-center gap-2 text-sm text-fg-muted" role="status">
            <Spinner /> {t("checking")}
          </p>
        ) : preview.isError ? (
          <p role="alert" className="text-sm text-danger-text">
            {t("previewFailed")}
          </p>
        ) : plan ? (
          <p className="text-sm" role="status" data-testid="power-dial-plan">
            {t("willDial", { dial: plan.toDial.length, total: plan.total })}
            {parts.length ? `: ${parts.join(t("listSeparator"))}` : null}
          </p>
        ) : null}
        {plan ? (
          // Who will be dialed, in order, and why the others are not.
          <ol
            className="grid max-h-56 gap-0.5 overflow-y-auto rounded-lg border border-line p-2 text-sm"
            aria-label={t("previewListLabel")}
            // It scrolls on a long list: reachable with the keyboard to scroll it.
            tabIndex={0}
            data-testid="power-dial-plan-rows"
          >
            {plan.rows.map(({ place, skip }) => (
              <li
                key={place.place_id}
                className="flex justify-between gap-3"
                data-skip={skip ?? undefined}
              >
                <bdi className={skip ? "truncate text-fg-muted" : "truncate"}>
                  {place.name.trim() || t("unnamed")}
                </bdi>
                <span
                  className={
                    skip ? "shrink-0 text-fg-muted" : "shrink-0 font-medium text-success-soft-fg"
                  }
                >
                  {skip
                    ? t(`rowSkip.${skip}`, { hours: preview.data?.settings.recentHours ?? 24 })
                    : t("rowDial")}
                </span>
              </li>
            ))}
          </ol>
        ) : null}
        {parallel ? (
          <div className="grid gap-1">
            <Select
              label={t("lines")}
              value={String(lines)}
              onValueChange={(v) => setLines(Number(v))}
              items={LINE_CHOICES.filter((n) => n <= maxLines).map((n) => ({
                value: String(n),
                label: t("linesChoice", { count: n }),
              }))}
            />
            <p className="text-xs text-fg-muted">{t("linesHint")}</p>
            {rules.data ? (
              <p className="text-xs text-fg-muted" data-testid="power-dial-preview-rates">
                {t("previewRates", {
                  day: rules.data.last24Hours.ratePercent.toFixed(1),
                  month: rules.data.last30Days.ratePercent.toFixed(1),
                  cap: rules.data.capPercent,
                })}
              </p>
            ) : null}
          </div>
        ) : null}
        <Checkbox
          checked={includeClosed}
          onCheckedChange={(v) => setIncludeClosed(v === true)}
          label={t("includeClosed")}
        />
        <Checkbox
          checked={includeRecent}
          onCheckedChange={(v) => setIncludeRecent(v === true)}
          label={t("includeRecent", { hours: preview.data?.settings.recentHours ?? 24 })}
        />
      </div>
    </Dialog>
  );
}
