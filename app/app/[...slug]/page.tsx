import { DashboardView } from "@/modules/dashboard/components/dashboard-view";
import { requirePageSession } from "@/lib/auth/page-session";

// Spec route table: any unknown path under /app falls back to the dashboard (same URL, no redirect).
export default async function UnknownAppPath() {
  await requirePageSession();
  return <DashboardView />;
}
