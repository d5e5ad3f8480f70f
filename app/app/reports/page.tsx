import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { ArrowRight, CalendarRange, FileSearch, Receipt } from "lucide-react";
import { PageHeader } from "@/components/ui/page-header";

export async function generateMetadata() {
  return { title: (await getTranslations("Nav"))("reports") };
}

const cards = [
  { href: "/app/reports/call-history", key: "callHistory", icon: FileSearch },
  { href: "/app/reports/call-reports", key: "callReports", icon: CalendarRange },
  { href: "/app/reports/sales-history", key: "salesHistory", icon: Receipt },
] as const;

/** Reports menu: three cards (spec route table). */
export default async function ReportsPage() {
  const nav = await getTranslations("Nav");
  const t = await getTranslations("ReportsMenu");
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title={nav("reports")} description={t("intro")} />
      <ul className="grid gap-4 md:grid-cols-3">
        {cards.map(({ href, key, icon: Icon }) => (
          <li key={href}>
            <Link
              href={href}
              className="group flex h-full flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:-translate-y-0.5 hover:border-brand-500 hover:shadow-md dark:border-slate-800 dark:bg-slate-900 dark:hover:border-brand-500"
            >
              <span
                aria-hidden
                className="grid size-10 place-items-center rounded-lg bg-brand-50 text-brand-600 dark:bg-brand-500/15 dark:text-brand-100"
              >
                <Icon className="size-5" />
              </span>
              <h2 className="mt-4 font-semibold text-slate-900 dark:text-white">{nav(key)}</h2>
              <p className="mt-1 flex-1 text-sm text-slate-500 dark:text-slate-400">
                {t(`${key}Body`)}
              </p>
              <span className="mt-4 inline-flex items-center gap-1 text-sm font-medium text-brand-600 dark:text-brand-100">
                {t("open")}{" "}
                <ArrowRight
                  aria-hidden
                  className="size-4 transition group-hover:translate-x-0.5 rtl:rotate-180 rtl:group-hover:-translate-x-0.5"
                />
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
