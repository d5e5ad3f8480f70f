import { headers } from "next/headers";
import { getLocale } from "next-intl/server";
import { defaultLocale, isLocale } from "@/lib/i18n/config";
import type { ClientNamespaces } from "@/lib/i18n/namespaces";
import { Providers } from "./providers";
import { RootDocument } from "./root-document";

/** Root document of a page rendered per request: locale from the cookie, the proxy's nonce. */
export async function DynamicRootDocument({
  namespaces,
  children,
}: {
  namespaces: ClientNamespaces;
  children: React.ReactNode;
}) {
  const requested = await getLocale();
  const locale = isLocale(requested) ? requested : defaultLocale;
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  return (
    <RootDocument locale={locale} namespaces={namespaces}>
      <Providers nonce={nonce}>{children}</Providers>
    </RootDocument>
  );
}
