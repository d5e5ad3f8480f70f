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

// No locale in the URL (the spec fixes the routes): the locale comes from the cookie Settings
// writes. The prerendered public pages are the exception: next.config.ts rewrites them to
// /p/<locale>/..., and they pass that segment in with setRequestLocale (reading the cookie here
// would make them dynamic; they render at build time, so no request header reaches them). The
// proxy strips next-intl's locale request header, so on every other page `requestLocale` is
// empty and the cookie decides.
export default getRequestConfig(async ({ requestLocale }) => {
  const fromSegment = await requestLocale;
  const requested = isLocale(fromSegment)
    ? fromSegment
    : (await cookies()).get(localeCookie)?.value;
  const locale = isLocale(requested) ? requested : defaultLocale;
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
