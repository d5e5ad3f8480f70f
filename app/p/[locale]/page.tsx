import { LandingPage } from "@/modules/landing/components/landing-page";
import { applyStaticLocale } from "@/lib/i18n/static-locale";

type Props = { params: Promise<{ locale: string }> };

// "/" (next.config.ts rewrites it here; proxy.ts sends a signed-in visitor to /app before that).
export default async function Home({ params }: Props) {
  await applyStaticLocale(params);
  return <LandingPage />;
}
