import { getTranslations } from "next-intl/server";
import { ProfileView } from "@/components/profile/profile-view";

export async function generateMetadata() {
  return { title: (await getTranslations("Profile"))("title") };
}

export default function ProfilePage() {
  return <ProfileView />;
}
