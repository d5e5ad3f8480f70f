import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/ui/page-header";

// Title only for now; the Call History issue replaces this page.
export async function generateMetadata() {
  return { title: (await getTranslations("Nav"))("callHistory") };
}

export default async function CallHistoryPage() {
  const t = await getTranslations("Nav");
  return <PageHeader title={t("callHistory")} />;
}
