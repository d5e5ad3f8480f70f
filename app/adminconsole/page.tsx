import { getTranslations } from "next-intl/server";
import { AdminLoginScreen } from "@/modules/console/components/admin-login-screen";

export async function generateMetadata() {
  return { title: (await getTranslations("Admin.login"))("title") };
}

export default function Page() {
  return <AdminLoginScreen />;
}
