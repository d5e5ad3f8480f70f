import { getTranslations } from "next-intl/server";
import { DashboardView } from "@/components/dashboard/dashboard-view";

export async function generateMetadata() {
  return { title: (await getTranslations("Nav"))("dashboard") };
}

export default function DashboardPage() {
  return <DashboardView />;
}
