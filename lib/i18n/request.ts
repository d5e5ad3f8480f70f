import { cookies } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { defaultLocale, isLocale, localeCookie } from "./config";
import { reportIntlError } from "./errors";
import { mergeMessages } from "./merge";

const catalogues = {
  en: () => import("@/messages/en"),
  ar: () => import("@/messages/ar"),
  de: () => import("@/messages/de"),
} as const;

// No locale in the URL (the spec fixes the routes): the locale comes from the cookie Settings writes.
export default getRequestConfig(async () => {
  const store = await cookies();
  const fromCookie = store.get(localeCookie)?.value;
  const locale = isLocale(fromCookie) ? fromCookie : defaultLocale;
  const messages = (await catalogues[locale]()).default;
  const fallback =
    locale === defaultLocale ? messages : (await catalogues[defaultLocale]()).default;
  return {
    locale,
    messages: mergeMessages(fallback, messages),
    onError: reportIntlError,
    getMessageFallback: ({ namespace, key }) => [namespace, key].filter(Boolean).join("."),
  };
});
