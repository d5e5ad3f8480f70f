import { DashboardView } from "@/components/dashboard/dashboard-view";

// Spec route table: any unknown path under /app falls back to the dashboard (same URL, no redirect).
export default function UnknownAppPath() {
  return <DashboardView />;
}
