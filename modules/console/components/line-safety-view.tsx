"use client";

import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui";
import type { LineSafety, SafetyCheck } from "@/modules/telephony/lib/schemas";
import { ResultLine } from "./panel";

const outcomeTone = {
  refused: "success",
  passed: "success",
  accepted: "danger",
  failed: "warning",
  not_checked: "neutral",
} as const satisfies Record<SafetyCheck["outcome"], string>;

/**
 * The Test line's safety checks: one verdict an operator can act on (safe, unsafe, unproven),
 * then each check with what the edge answered.
 */
export function LineSafetyView({ safety }: { safety: LineSafety }) {
  const t = useTranslations("Admin.telephony.safety");
  const verdict = safety.unsafe ? "unsafe" : safety.safe ? "safe" : "incomplete";
  return (
    <section
      aria-labelledby="line-safety-title"
      data-testid="telephony-safety"
      data-verdict={verdict}
      className="grid gap-2"
    >
      <h4 id="line-safety-title" className="text-sm font-semibold">
        {t("title")}
      </h4>
      {verdict === "incomplete" ? (
        <p
          role="status"
          className="rounded-lg bg-warning-soft px-3 py-2 text-sm text-warning-soft-fg"
        >
          {t("incomplete")}
        </p>
      ) : (
        <ResultLine tone={verdict === "safe" ? "success" : "danger"}>{t(verdict)}</ResultLine>
      )}
      <ul className="grid gap-1.5 text-sm">
        {safety.checks.map((check) => {
          const why =
            check.id === "turn" && check.outcome === "not_checked"
              ? t("why.noTurn")
              : t(`why.${check.outcome}`);
          const answer =
            check.status === null ? check.reason : `${check.status} ${check.reason ?? ""}`.trim();
          return (
            <li
              key={check.id}
              data-check={check.id}
              data-outcome={check.outcome}
              className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5"
            >
              <Badge tone={outcomeTone[check.outcome]}>{t(`outcome.${check.outcome}`)}</Badge>
              <span className="font-medium">{t(`checks.${check.id}`)}</span>
              {why ? <span className="text-fg-muted">{why}</span> : null}
              {answer ? (
                // The edge's own words (SIP status and reason), left to right in every language.
                <bdi dir="ltr" className="min-w-0 break-words font-mono text-xs text-fg-muted">
                  {answer}
                </bdi>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
