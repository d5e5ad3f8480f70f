import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/ui/page-header";

// Title only for now; the Call Reports issue replaces this page.
export async function generateMetadata() {
  return { title: (await getTranslations("Nav"))("callReports") };
}

export default async function CallReportsPage() {
  const t = await getTranslations("Nav");
  return <PageHeader title={t("callReports")} />;
}
