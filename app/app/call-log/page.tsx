import { getTranslations } from "next-intl/server";
import { ListChecks } from "lucide-react";
import { PageHeader } from "@/components/ui/page-header";
import { PlaceholderCard } from "@/components/ui/placeholder-card";

// The spec shows placeholder content only for this screen.
export async function generateMetadata() {
  return { title: (await getTranslations("Nav"))("callLog") };
}

export default async function CallLogPage() {
  const nav = await getTranslations("Nav");
  const t = await getTranslations("Placeholders");
  return (
    <>
      <PageHeader title={nav("callLog")} description={t("callLogDescription")} />
      <PlaceholderCard icon={ListChecks} title={t("comingSoonTitle")} body={t("callLogBody")} />
    </>
  );
}
