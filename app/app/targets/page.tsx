import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/ui/page-header";

// Title only for now; the Targets issue replaces this page.
export async function generateMetadata() {
  return { title: (await getTranslations("Nav"))("targets") };
}

export default async function TargetsPage() {
  const t = await getTranslations("Nav");
  return <PageHeader title={t("targets")} />;
}
