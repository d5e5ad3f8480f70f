import { getTranslations } from "next-intl/server";
import { SignInScreen } from "@/components/auth/sign-in-screen";

export async function generateMetadata() {
  return { title: (await getTranslations("Login"))("title") };
}

// Same screen as its sibling route (spec: /login and /register are the same sign-in screen).
export default function Page() {
  return <SignInScreen />;
}
