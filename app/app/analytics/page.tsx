import { getTranslations } from "next-intl/server";
import { AnalyticsView } from "@/modules/analytics/components/analytics-view";
import { ScreenMessages } from "@/components/screen-messages";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageSession } from "@/lib/auth/page-session";
import { screenNamespaces } from "@/lib/i18n/namespaces";

export async function generateMetadata() {
  return { title: (await getTranslations("Nav"))("analytics") };
}

/** /app/analytics: the team's figures, charts and the best time to call. */
export default async function AnalyticsPage() {
  await requirePageSession();
  const nav = await getTranslations("Nav");
  const t = await getTranslations("Analytics");
  return (
    <>
      <PageHeader title={nav("analytics")} description={t("description")} />
      {/* The screen's messages travel with this page only, not with every /app page. */}
      <ScreenMessages namespaces={screenNamespaces.analytics}>
        <AnalyticsView />
      </ScreenMessages>
    </>
  );
}
