import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/ui/page-header";
import { getPageSession, requirePageSession } from "@/lib/auth/page-session";
import { can } from "@/lib/auth/permissions";
import { DashboardView } from "@/modules/dashboard/components/dashboard-view";
import { FloorView } from "@/modules/floor/components/floor-view";

export async function generateMetadata() {
  const session = await getPageSession();
  const manager = !!session && can(session.role, "team.floor");
  return { title: (await getTranslations("Nav"))(manager ? "floor" : "dashboard") };
}

/**
 * The live floor (managers): what each member of the team is doing now. A rep who types the
 * address sees what any unknown /app path shows, the dashboard (app/app/[...slug]), so the
 * screen does not exist for them; GET /api/floor refuses them too.
 */
export default async function FloorPage() {
  const session = await requirePageSession();
  if (!can(session.role, "team.floor")) return <DashboardView />;
  const nav = await getTranslations("Nav");
  const t = await getTranslations("Floor");
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader title={nav("floor")} description={t("description")} />
      <FloorView />
    </div>
  );
}
