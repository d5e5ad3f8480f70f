import { notFound } from "next/navigation";
import { setRequestLocale } from "next-intl/server";
import { PublicProviders } from "@/components/public-providers";
import { rootMetadata, RootDocument } from "@/components/root-document";
import { isLocale, locales } from "@/lib/i18n/config";
import { clientNamespaces } from "@/lib/i18n/namespaces";

export const metadata = rootMetadata;

// The public pages (/, /login, /register), prerendered once per locale at build time.
// next.config.ts rewrites each request to /p/<locale from the NEXT_LOCALE cookie><path> and
// allows these pages' inline scripts by hash instead of a per-request nonce
// (lib/security/public-page-routes.ts); proxy.ts sends signed-in visitors on.
export const dynamicParams = false;

export function generateStaticParams() {
  return locales.map((locale) => ({ locale }));
}

export default async function PublicRootLayout({
  children,
  params,
}: {
  children: React.ReactNode;
  params: Promise<{ locale: string }>;
}) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  return (
    <RootDocument locale={locale} namespaces={clientNamespaces.public}>
      <PublicProviders>{children}</PublicProviders>
    </RootDocument>
  );
}
