import { ar } from "react-day-picker/locale/ar";
import { de } from "react-day-picker/locale/de";
import { enUS } from "react-day-picker/locale/en-US";
import type { Locale } from "@/lib/i18n/config";

/**
 * date-fns locales (extended by react-day-picker with its translated aria labels) for the
 * interface languages: month and weekday names, week start and the calendar's own labels.
 */
export const dayPickerLocales = { en: enUS, ar, de } as const;

export function dayPickerLocale(locale: string) {
  return dayPickerLocales[(locale in dayPickerLocales ? locale : "en") as Locale];
}
