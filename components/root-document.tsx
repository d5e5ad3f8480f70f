import type { Metadata } from "next";
import { NextIntlClientProvider } from "next-intl";
import { getMessages } from "next-intl/server";
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
 * The caller wraps `children` in its providers (components/providers.tsx with the proxy's
 * per-request nonce, or the public pages' components/public-providers.tsx): this module imports
 * neither, because every client component a layout's server modules import ships with the page,
 * rendered or not (the TanStack Query of Providers must not reach the public pages).
 */
export async function RootDocument({
  locale,
  namespaces,
  children,
}: {
  locale: Locale;
  namespaces: ClientNamespaces;
  children: React.ReactNode;
}) {
  const messages = pickMessages(await getMessages(), namespaces);
  return (
    <html lang={locale} dir={directionOf(locale)} suppressHydrationWarning>
      <body>
        <NextIntlClientProvider locale={locale} messages={messages}>
          {children}
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
