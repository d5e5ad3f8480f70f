import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/ui/page-header";

// Title only for now; the Profile issue replaces this page.
export async function generateMetadata() {
  return { title: (await getTranslations("Nav"))("profile") };
}

export default async function ProfilePage() {
  const t = await getTranslations("Nav");
  return <PageHeader title={t("profile")} />;
}
