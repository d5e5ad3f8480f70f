"use client";

import { useLocale } from "next-intl";
import { directionOf, isLocale } from "@/lib/i18n/config";

/**
 * The reading direction of the interface language. Radix parts need it passed in (they do not
 * read <html dir>): arrow keys, menu alignment and submenu sides follow it.
 */
export function useDirection(): "ltr" | "rtl" {
  const locale = useLocale();
  return isLocale(locale) ? directionOf(locale) : "ltr";
}
