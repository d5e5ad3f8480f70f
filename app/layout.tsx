import type { Metadata } from "next";
import { headers } from "next/headers";
import { NextIntlClientProvider } from "next-intl";
import { getLocale } from "next-intl/server";
import { Providers } from "@/components/providers";
import { directionOf, isLocale, defaultLocale } from "@/lib/i18n/config";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "DialFlow", template: "%s · DialFlow" },
  description: "Outbound sales calling for teams: find businesses, dial faster, track every call.",
};

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const requested = await getLocale();
  const locale = isLocale(requested) ? requested : defaultLocale;
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  return (
    <html lang={locale} dir={directionOf(locale)} suppressHydrationWarning>
      <body>
        <NextIntlClientProvider>
          <Providers nonce={nonce}>{children}</Providers>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
