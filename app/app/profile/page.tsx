import { getTranslations } from "next-intl/server";
import { ProfileView } from "@/modules/profile/components/profile-view";
import { requirePageSession } from "@/lib/auth/page-session";

export async function generateMetadata() {
  return { title: (await getTranslations("Profile"))("title") };
}

export default async function ProfilePage() {
  await requirePageSession();
  return <ProfileView />;
}
