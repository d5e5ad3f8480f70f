"use client";

import { useFormatter, useTranslations } from "next-intl";
import { useState } from "react";
import {
  Badge,
  Button,
  Field,
  Input,
  ListError,
  ListLoading,
  NativeSelect,
  SectionCard,
  type Tone,
} from "@/components/ui";
import {
  useDialingRules,
  useDialingRulesChanges,
} from "@/modules/power-dial/hooks/use-dialing-rules";
import {
  ABANDON_CAP_PERCENT,
  COUNTRY_LAW,
  DIAL_COUNTRIES,
  MIN_RING_SECONDS,
  NO_REDIAL_HOURS,
  type DialCountry,
} from "@/modules/power-dial/lib/dialing-rules";
import { PACING_SLOWDOWN_FROM } from "@/modules/power-dial/lib/pacing";
import type {
  AbandonmentWindow,
  DialingRulesBody,
  DialingRulesResponse,
} from "@/modules/power-dial/lib/schemas";
import { AbandonmentMessageControl } from "./abandonment-message-control";

type Draft = {
  country: DialCountry;
  capPercent: string;
  noRedialHours: string;
  minRingSeconds: string;
};
type Bounds = { min: number; max: number };

const draftOf = (r: DialingRulesResponse): Draft => ({
  country: r.country,
  capPercent: String(r.capPercent),
  noRedialHours: String(r.noRedialHours),
  minRingSeconds: String(r.minRingSeconds),
});

/** The typed value when it is a number within bounds (a whole one unless `decimal`), else null. */
function within(text: string, b: Bounds, decimal = false): number | null {
  const n = Number(text.trim().replace(",", "."));
  if (text.trim() === "" || !Number.isFinite(n) || n < b.min || n > b.max) return null;
  return decimal || Number.isInteger(n) ? n : null;
}

/**
 * Settings > Parallel dialing rules, for the team's managers (`organization.dialing`): the
 * country whose law the team follows and the caps it implies, the team's cap, no-redial and ring
 * times, the live 24-hour and 30-day abandonment rates, and the abandonment message.
 */
export function ParallelDialingRulesSection() {
  const t = useTranslations("PowerDial.rules");
  const q = useDialingRules();
  return (
    <SectionCard id="parallel-dialing" title={t("title")} description={t("description")}>
      {q.isPending ? (
        <ListLoading label={t("loading")} testId="dialing-rules-loading" />
      ) : q.isError ? (
        <ListError
          message={t("loadError")}
          retryLabel={t("retry")}
          onRetry={() => void q.refetch()}
          testId="dialing-rules-error"
        />
      ) : (
        <div className="grid gap-5" data-testid="dialing-rules">
          <Rates rules={q.data} />
          <RulesForm key={JSON.stringify(draftOf(q.data))} rules={q.data} />
          <div className="grid gap-2">
            <h3 className="text-sm font-semibold text-fg">{t("message.title")}</h3>
            <p className="text-sm text-fg-muted">{t("message.description")}</p>
            <AbandonmentMessageControl message={q.data.message} />
          </div>
        </div>
      )}
    </SectionCard>
  );
}

function Rates({ rules }: { rules: DialingRulesResponse }) {
  const t = useTranslations("PowerDial.rules");
  const format = useFormatter();
  const percent = (n: number) =>
    format.number(n / 100, { style: "percent", maximumFractionDigits: 1 });
  const tone = (w: AbandonmentWindow): Tone =>
    w.ratePercent >= rules.capPercent
      ? "danger"
      : w.ratePercent > rules.capPercent * PACING_SLOWDOWN_FROM
        ? "warning"
        : "success";
  const row = (key: "last24Hours" | "last30Days", w: AbandonmentWindow) => (
    <div
      key={key}
      className="flex flex-wrap items-center gap-2 text-sm"
      data-testid={`rate-${key}`}
    >
      <span className="text-fg-muted">{t(`rates.${key}`)}</span>
      <Badge tone={tone(w)}>{percent(w.ratePercent)}</Badge>
      <span className="text-fg-muted">
        {t("rates.counts", { abandoned: w.abandoned, answered: w.answeredByPerson })}
      </span>
    </div>
  );
  return (
    <div className="grid gap-2">
      <h3 className="text-sm font-semibold text-fg">{t("rates.title")}</h3>
      {row("last24Hours", rules.last24Hours)}
      {row("last30Days", rules.last30Days)}
      <p className="text-xs text-fg-muted">
        {t("rates.pacing", { cap: percent(rules.capPercent), lines: rules.maxLines })}
      </p>
    </div>
  );
}

function RulesForm({ rules }: { rules: DialingRulesResponse }) {
  const t = useTranslations("PowerDial.rules");
  const format = useFormatter();
  const { save } = useDialingRulesChanges();
  const [draft, setDraft] = useState<Draft>(() => draftOf(rules));
  const [checked, setChecked] = useState(false);
  const cap = within(draft.capPercent, ABANDON_CAP_PERCENT, true);
  const noRedial = within(draft.noRedialHours, NO_REDIAL_HOURS);
  const ring = within(draft.minRingSeconds, MIN_RING_SECONDS);
  const law = COUNTRY_LAW[draft.country];
  const set = (field: keyof Draft) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setDraft({ ...draft, [field]: e.target.value });
  const error = (ok: boolean, key: "cap" | "noRedialHours" | "minRingSeconds", b: Bounds) =>
    checked && !ok
      ? t(`error.${key}`, { min: format.number(b.min), max: format.number(b.max) })
      : undefined;

  function submit(e: React.FormEvent) {
    e.preventDefault();
    setChecked(true);
    if (cap === null || noRedial === null || ring === null) return;
    const body: DialingRulesBody = {
      country: draft.country,
      capPercent: cap,
      noRedialHours: noRedial,
      minRingSeconds: ring,
    };
    save.mutate(body);
  }

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate data-testid="dialing-rules-form">
      <Field
        id="dialing-country"
        label={t("country")}
        hint={t(`law.${draft.country}`, { cap: format.number(law.capPercent) })}
      >
        <NativeSelect
          value={draft.country}
          onChange={(e) => setDraft({ ...draft, country: e.target.value as DialCountry })}
        >
          {DIAL_COUNTRIES.map((c) => (
            <option key={c} value={c}>
              {t(`countries.${c}`)}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field
          id="dialing-cap"
          label={t("cap")}
          error={error(cap !== null, "cap", ABANDON_CAP_PERCENT)}
        >
          <Input inputMode="decimal" value={draft.capPercent} onChange={set("capPercent")} />
        </Field>
        <Field
          id="dialing-no-redial"
          label={t("noRedialHours")}
          error={error(noRedial !== null, "noRedialHours", NO_REDIAL_HOURS)}
        >
          <Input inputMode="numeric" value={draft.noRedialHours} onChange={set("noRedialHours")} />
        </Field>
        <Field
          id="dialing-ring"
          label={t("minRingSeconds")}
          error={error(ring !== null, "minRingSeconds", MIN_RING_SECONDS)}
        >
          <Input
            inputMode="numeric"
            value={draft.minRingSeconds}
            onChange={set("minRingSeconds")}
          />
        </Field>
      </div>
      <p className="text-xs text-fg-muted">{t("checkYourLaw")}</p>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={save.isPending} data-testid="dialing-rules-save">
          {t("save")}
        </Button>
        {save.isSuccess ? <span className="text-sm text-fg-muted">{t("saved")}</span> : null}
        {save.isError ? (
          <span role="alert" className="text-sm text-danger-text">
            {t("error.failed")}
          </span>
        ) : null}
      </div>
    </form>
  );
}
