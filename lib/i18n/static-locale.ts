import { setRequestLocale } from "next-intl/server";
import { defaultLocale, isLocale, type Locale } from "./config";

/**
 * For pages prerendered per locale (app/p/[locale]): the locale comes from the URL segment,
 * not the cookie, so next-intl must be told before anything translates (each page, layout and
 * generateMetadata renders on its own).
 */
export async function applyStaticLocale(params: Promise<{ locale: string }>): Promise<Locale> {
  const { locale: requested } = await params;
  const locale = isLocale(requested) ? requested : defaultLocale;
  setRequestLocale(locale);
  return locale;
}
