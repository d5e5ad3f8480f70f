import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/ui/page-header";

// Title only for now; the Sales History issue replaces this page.
export async function generateMetadata() {
  return { title: (await getTranslations("Nav"))("salesHistory") };
}

export default async function SalesHistoryPage() {
  const t = await getTranslations("Nav");
  return <PageHeader title={t("salesHistory")} />;
}
