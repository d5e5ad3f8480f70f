import { getTranslations } from "next-intl/server";
import { SettingsView } from "@/modules/settings/components/settings-view";
import { requirePageSession } from "@/lib/auth/page-session";

export async function generateMetadata() {
  return { title: (await getTranslations("Settings"))("title") };
}

export default async function SettingsPage() {
  const session = await requirePageSession();
  return <SettingsView role={session.role} userId={session.userId} />;
}
