import type { Metadata } from "next";
import { NextIntlClientProvider } from "next-intl";
import { getMessages } from "next-intl/server";
import { Providers } from "@/components/providers";
import { PublicProviders } from "@/components/public-providers";
import { directionOf, type Locale } from "@/lib/i18n/config";
import { pickMessages, type ClientNamespaces } from "@/lib/i18n/namespaces";
import "@/app/globals.css";

export const rootMetadata: Metadata = {
  title: { default: "DialFlow", template: "%s · DialFlow" },
  description: "Outbound sales calling for teams: find businesses, dial faster, track every call.",
};

/**
 * The <html> document every root layout renders. There are several root layouts: the public
 * pages (app/p/[locale]) are prerendered per locale, so they cannot read the locale cookie or
 * a per-request nonce; /app, /adminconsole, /verify-email and unknown paths render per request.
 * `nonce` is the proxy's per-request CSP nonce (dynamic pages); static pages have none and
 * their inline scripts are allowed by hash (proxy.ts).
 */
export async function RootDocument({
  locale,
  nonce,
  namespaces,
  lite = false,
  children,
}: {
  locale: Locale;
  nonce?: string;
  namespaces: ClientNamespaces;
  /** The public pages' lighter providers (components/public-providers.tsx). */
  lite?: boolean;
  children: React.ReactNode;
}) {
  const messages = pickMessages(await getMessages(), namespaces);
  return (
    <html lang={locale} dir={directionOf(locale)} suppressHydrationWarning>
      <body>
        <NextIntlClientProvider locale={locale} messages={messages}>
          {lite ? (
            <PublicProviders>{children}</PublicProviders>
          ) : (
            <Providers nonce={nonce}>{children}</Providers>
          )}
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
