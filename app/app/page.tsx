import { getTranslations } from "next-intl/server";
import { DashboardView } from "@/modules/dashboard/components/dashboard-view";
import { requirePageSession } from "@/lib/auth/page-session";

export async function generateMetadata() {
  return { title: (await getTranslations("Nav"))("dashboard") };
}

export default async function DashboardPage() {
  await requirePageSession();
  return <DashboardView />;
}
