import { LandingPage } from "@/components/landing/landing-page";
import { applyStaticLocale } from "@/lib/i18n/static-locale";

type Props = { params: Promise<{ locale: string }> };

// "/" (proxy.ts rewrites it here; a signed-in visitor is sent to /app before that).
export default async function Home({ params }: Props) {
  await applyStaticLocale(params);
  return <LandingPage />;
}
