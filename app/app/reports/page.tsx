import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { ArrowRight, CalendarRange, FileSearch, Receipt } from "lucide-react";
import { IconBadge, PageHeader } from "@/components/ui";
import { requirePageSession } from "@/lib/auth/page-session";

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
  await requirePageSession();
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
              className="group flex h-full flex-col rounded-xl border border-line bg-surface p-5 shadow-sm transition hover:border-primary hover:shadow-md motion-safe:hover:-translate-y-0.5"
            >
              <IconBadge icon={Icon} />
              <h2 className="mt-4 font-semibold text-fg">{nav(key)}</h2>
              <p className="mt-1 flex-1 text-sm text-fg-muted">{t(`${key}Body`)}</p>
              <span className="mt-4 inline-flex items-center gap-1 text-sm font-medium text-primary-text">
                {t("open")}{" "}
                <ArrowRight
                  aria-hidden
                  className="size-4 transition rtl:rotate-180 motion-safe:group-hover:translate-x-0.5 motion-safe:rtl:group-hover:-translate-x-0.5"
                />
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
