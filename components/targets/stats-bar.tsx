import { useFormatter, useTranslations } from "next-intl";
import { targetsStats } from "@/lib/sample/targets-stats";

/** Dials, Talk time, Conversations, Archived, Notes, Viewed: fixed placeholder numbers (spec). */
export function StatsBar() {
  const t = useTranslations("Targets.stats");
  const format = useFormatter();
  const n = (value: number) => format.number(value);
  const talk = t("talkTimeValue", {
    hours: n(Math.floor(targetsStats.talkTimeSeconds / 3600)),
    minutes: n(Math.floor((targetsStats.talkTimeSeconds % 3600) / 60)),
  });
  const items = [
    { label: t("dials"), value: n(targetsStats.dials) },
    { label: t("talkTime"), value: talk },
    { label: t("conversations"), value: n(targetsStats.conversations) },
    { label: t("archived"), value: n(targetsStats.archived) },
    { label: t("notes"), value: n(targetsStats.notes) },
    { label: t("viewed"), value: n(targetsStats.viewed) },
  ];
  return (
    <section aria-label={t("label")} data-testid="targets-stats">
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6">
        {items.map((item) => (
          <div key={item.label} className="rounded-xl border border-line bg-surface px-3 py-2.5">
            <dt className="truncate text-xs font-medium text-fg-muted">{item.label}</dt>
            <dd className="mt-0.5 text-lg font-semibold tabular-nums text-fg">{item.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
