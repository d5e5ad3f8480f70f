import { getTranslations } from "next-intl/server";
import { LineChart } from "lucide-react";
import { PageHeader } from "@/components/ui/page-header";
import { PlaceholderCard } from "@/components/ui/placeholder-card";
import { requirePageSession } from "@/lib/auth/page-session";

// The spec shows placeholder content only for this screen.
export async function generateMetadata() {
  return { title: (await getTranslations("Nav"))("analytics") };
}

export default async function AnalyticsPage() {
  await requirePageSession();
  const nav = await getTranslations("Nav");
  const t = await getTranslations("Placeholders");
  return (
    <>
      <PageHeader title={nav("analytics")} description={t("analyticsDescription")} />
      <PlaceholderCard icon={LineChart} title={t("comingSoonTitle")} body={t("analyticsBody")} />
    </>
  );
}
