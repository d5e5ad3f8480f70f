import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/ui/page-header";
import { CallHistory } from "@/modules/reports/components/call-history";
import { requirePageSession } from "@/lib/auth/page-session";

export async function generateMetadata() {
  return { title: (await getTranslations("Nav"))("callHistory") };
}

/** Call History (audit): search one sample call, see it as a card, download it as CSV. */
export default async function CallHistoryPage() {
  await requirePageSession();
  const nav = await getTranslations("Nav");
  const t = await getTranslations("Reports.callHistory");
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title={nav("callHistory")} description={t("description")} />
      <CallHistory />
    </div>
  );
}
