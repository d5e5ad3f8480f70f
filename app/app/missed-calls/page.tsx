import { getTranslations } from "next-intl/server";
import { PhoneMissed } from "lucide-react";
import { PageHeader } from "@/components/ui/page-header";
import { PlaceholderCard } from "@/components/ui/placeholder-card";
import { requirePageSession } from "@/lib/auth/page-session";

// The spec shows placeholder content only for this screen.
export async function generateMetadata() {
  return { title: (await getTranslations("Nav"))("missedCalls") };
}

export default async function MissedCallsPage() {
  await requirePageSession();
  const nav = await getTranslations("Nav");
  const t = await getTranslations("Placeholders");
  return (
    <>
      <PageHeader title={nav("missedCalls")} description={t("missedCallsDescription")} />
      <PlaceholderCard
        icon={PhoneMissed}
        title={t("comingSoonTitle")}
        body={t("missedCallsBody")}
      />
    </>
  );
}
