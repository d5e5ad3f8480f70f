import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/ui/page-header";
import { CallHistory } from "@/modules/reports/components/call-history";
import { requirePageSession } from "@/lib/auth/page-session";

export async function generateMetadata() {
  return { title: (await getTranslations("Nav"))("callHistory") };
}

/**
 * Call History (audit): search one call, see it as a card, download it as CSV. `?q=` opens with
 * that search run (a business's drawer links here with its number).
 */
export default async function CallHistoryPage({
  searchParams,
}: {
  searchParams: Promise<{ q?: string | string[] }>;
}) {
  await requirePageSession();
  const nav = await getTranslations("Nav");
  const t = await getTranslations("Reports.callHistory");
  const { q } = await searchParams;
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title={nav("callHistory")} description={t("description")} />
      <CallHistory initialQuery={typeof q === "string" ? q.slice(0, 200) : ""} />
    </div>
  );
}
