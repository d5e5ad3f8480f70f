"use client";

import { useTranslations } from "next-intl";
import { PhoneOutgoing, Timer } from "lucide-react";
import { talkMinutes } from "@/lib/format/currency";
import type { DashboardResponse } from "@/modules/dashboard/lib/schemas";

type AgentCard = DashboardResponse["agents"][number];

/** The team's agent cards: name, today's dials, talk time in whole minutes, Active/Free status. */
export function AgentGrid({ agents }: { agents: readonly AgentCard[] }) {
  const t = useTranslations("Dashboard");
  return (
    <section aria-labelledby="agents-heading">
      <h2
        id="agents-heading"
        className="mb-3 text-base font-semibold text-slate-900 dark:text-white"
      >
        {t("agentsHeading")}
      </h2>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2" data-testid="agent-cards">
        {agents.map((a) => {
          const active = a.status === "Active";
          return (
            <li
              key={a.id}
              data-agent={a.name}
              className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
            >
              <div className="flex items-start justify-between gap-2">
                <div className="flex min-w-0 items-center gap-3">
                  <span
                    aria-hidden
                    className="grid size-9 shrink-0 place-items-center rounded-full bg-slate-100 text-xs font-semibold text-slate-600 dark:bg-slate-800 dark:text-slate-300"
                  >
                    {a.name
                      .split(/[\s._-]+/)
                      .filter(Boolean)
                      .slice(0, 2)
                      .map((p) => p[0]!.toUpperCase())
                      .join("")}
                  </span>
                  <p className="truncate font-medium text-slate-900 dark:text-white">{a.name}</p>
                </div>
                <span
                  className={`inline-flex shrink-0 items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium ${
                    active
                      ? "bg-emerald-50 text-emerald-700 dark:bg-emerald-500/15 dark:text-emerald-300"
                      : "bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300"
                  }`}
                >
                  <span
                    aria-hidden
                    className={`size-1.5 rounded-full ${active ? "bg-emerald-500" : "bg-slate-400"}`}
                  />
                  {t(active ? "statusActive" : "statusFree")}
                </span>
              </div>
              <dl className="mt-4 grid grid-cols-2 gap-2 text-sm">
                <div className="rounded-lg bg-slate-50 px-3 py-2 dark:bg-slate-800/60">
                  <dt className="flex items-center gap-1 text-xs text-slate-500 dark:text-slate-400">
                    <PhoneOutgoing aria-hidden className="size-3.5" /> {t("dials")}
                  </dt>
                  <dd className="mt-0.5 font-semibold tabular-nums text-slate-900 dark:text-white">
                    {a.dials}
                  </dd>
                </div>
                <div className="rounded-lg bg-slate-50 px-3 py-2 dark:bg-slate-800/60">
                  <dt className="flex items-center gap-1 text-xs text-slate-500 dark:text-slate-400">
                    <Timer aria-hidden className="size-3.5" /> {t("talkTime")}
                  </dt>
                  <dd className="mt-0.5 font-semibold tabular-nums text-slate-900 dark:text-white">
                    {t("minutes", { count: talkMinutes(a.talkSeconds) })}
                  </dd>
                </div>
              </dl>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
