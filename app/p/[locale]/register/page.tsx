import { getTranslations } from "next-intl/server";
import { SignInScreen } from "@/modules/sign-in/components/sign-in-screen";
import { applyStaticLocale } from "@/lib/i18n/static-locale";

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props) {
  await applyStaticLocale(params);
  return { title: (await getTranslations("Login"))("title") };
}

// Same screen as its sibling route (spec: /login and /register are the same sign-in screen).
// A signed-in visitor never gets here: proxy.ts sends them to / (and on to /app).
export default async function Page({ params }: Props) {
  await applyStaticLocale(params);
  return <SignInScreen />;
}
