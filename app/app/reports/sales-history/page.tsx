import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/ui/page-header";
import { ReportExtract } from "@/modules/reports/components/report-extract";
import { requirePageSession } from "@/lib/auth/page-session";

export async function generateMetadata() {
  return { title: (await getTranslations("Nav"))("salesHistory") };
}

/** Sales History: calendar (day, range or preset) and an Extract CSV of the chosen range. */
export default async function Page() {
  await requirePageSession();
  const nav = await getTranslations("Nav");
  const t = await getTranslations("Reports.salesHistory");
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader title={nav("salesHistory")} description={t("description")} />
      <ReportExtract kind="sales-history" />
    </div>
  );
}
