import { getTranslations } from "next-intl/server";
import { SettingsView } from "@/components/settings/settings-view";

export async function generateMetadata() {
  return { title: (await getTranslations("Settings"))("title") };
}

export default function SettingsPage() {
  return <SettingsView />;
}
