"use client";

import { useTranslations } from "next-intl";
import type { ProgressBar } from "@/components/ui";
import type { TargetsStatus } from "@/modules/targets/lib/search-session";
import { cn } from "@/lib/ui/cn";

/**
 * The status line (spec 4): Searching..., progress done/total with a bar, Ready. N places
 * enriched., Error while searching, No results., and Cached N result(s) for a cached query.
 * Its height is reserved so the table below never jumps.
 */
export function TargetsStatusLine({
  status,
  Bar,
}: {
  status: TargetsStatus;
  /** The progress bar, which comes with the Targets runtime (there is no progress before it). */
  Bar: typeof ProgressBar | null;
}) {
  const t = useTranslations("Targets");
  let text = "";
  if (status.kind === "searching") text = t("status.searching");
  else if (status.kind === "error") text = t("status.error");
  else if (status.kind === "empty") text = t("status.empty");
  else if (status.kind === "enriching")
    text = t("status.enriching", { count: status.found, done: status.done, total: status.total });
  else if (status.kind === "ready") text = t("status.ready", { count: status.enriched });
  const cached =
    (status.kind === "enriching" || status.kind === "ready") && status.cached !== null
      ? t("status.cached", { count: status.cached })
      : null;
  const enriching = status.kind === "enriching";
  return (
    <div
      className="mb-3 grid min-h-[3.75rem] content-start gap-1.5"
      data-testid="targets-status-area"
    >
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm">
        <p
          role="status"
          data-testid="targets-status"
          data-status={status.kind}
          className={cn("font-medium", status.kind === "error" ? "text-danger-text" : "text-fg")}
        >
          {text}
        </p>
        {cached ? (
          <p className="text-fg-muted" data-testid="targets-cached">
            {cached}
          </p>
        ) : null}
      </div>
      <div className={cn("max-w-md", !enriching && "invisible")} aria-hidden={!enriching}>
        {Bar ? (
          <Bar
            value={enriching ? status.done : 0}
            max={enriching ? status.total : 1}
            label={t("progressLabel")}
            showValue
          />
        ) : (
          // The bar's row height (its text-xs label) until the runtime brings it.
          <div className="h-4" />
        )}
      </div>
    </div>
  );
}
