// No "use client": the Targets page renders it on the server with dashes, and the Targets
// runtime (./targets-runtime.ts) renders it in the browser once the numbers can load.
import { useFormatter, useTranslations } from "next-intl";
import type { CallStats } from "@/modules/calls/client/queries";

/**
 * The team's day, from its records: Dials, Talk time and Conversations from today's call
 * records, Notes from the notes written today on businesses' records. (The spec's Archived and
 * Viewed tiles showed fixed numbers: nothing records either, so they are gone until something
 * does.) A value not loaded yet (or that failed to load) shows a dash, in a box of the same
 * size, so nothing moves when it arrives.
 */
export function StatsBar({
  today,
  notesToday = null,
  failed = false,
}: {
  today: CallStats["today"] | null;
  notesToday?: number | null;
  failed?: boolean;
}) {
  const t = useTranslations("Targets.stats");
  const tTargets = useTranslations("Targets");
  const tCalls = useTranslations("Calls.stats");
  const format = useFormatter();
  const n = (value: number) => format.number(value);
  const talk = (seconds: number) =>
    t("talkTimeValue", {
      hours: n(Math.floor(seconds / 3600)),
      minutes: n(Math.floor((seconds % 3600) / 60)),
    });
  const items: { label: string; value: string | null; id: string }[] = [
    { id: "dials", label: t("dials"), value: today ? n(today.dials) : null },
    { id: "talk", label: t("talkTime"), value: today ? talk(today.talkSeconds) : null },
    {
      id: "conversations",
      label: t("conversations"),
      value: today ? n(today.conversations) : null,
    },
    { id: "notes", label: t("notes"), value: notesToday === null ? null : n(notesToday) },
  ];
  return (
    <section aria-label={t("label")} data-testid="targets-stats">
      <dl className="grid grid-cols-2 gap-2 lg:grid-cols-4">
        {items.map((item) => (
          <div key={item.id} className="rounded-xl border border-line bg-surface px-3 py-2.5">
            <dt className="truncate text-xs font-medium text-fg-muted">{item.label}</dt>
            <dd
              className="mt-0.5 text-lg font-semibold tabular-nums text-fg"
              data-testid={`targets-stat-${item.id}`}
            >
              {item.value ?? (
                <>
                  <span aria-hidden className="text-fg-muted">
                    —
                  </span>
                  <span className="sr-only">
                    {failed ? tCalls("loadError") : tTargets("loading")}
                  </span>
                </>
              )}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
