"use client";

import { useSyncExternalStore, useTransition } from "react";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { useTheme } from "next-themes";
import { Monitor, Moon, Sun } from "lucide-react";
import { localeCookie, locales, type Locale } from "@/lib/i18n/config";
import { fieldClass } from "./settings-section";

const themes = [
  { value: "dark", key: "themeDark", icon: Moon },
  { value: "light", key: "themeLight", icon: Sun },
  { value: "system", key: "themeSystem", icon: Monitor },
] as const;

const noop = () => () => {};

/** Theme and language: both apply at once and persist (theme in localStorage, language in a cookie). */
export function AppearanceFields() {
  const t = useTranslations("Settings");
  const { theme, setTheme } = useTheme();
  // next-themes only knows the stored theme in the browser; before that, check nothing (no mismatch).
  // The language select also waits for hydration: a change made earlier would be lost.
  const mounted = useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
  const locale = useLocale();
  const router = useRouter();
  const [switching, startTransition] = useTransition();

  function changeLanguage(next: Locale) {
    document.cookie = `${localeCookie}=${next}; path=/; max-age=31536000; samesite=lax`;
    // Re-render the server tree with the new messages; the root layout updates <html lang dir>.
    startTransition(() => router.refresh());
  }

  return (
    <div className="grid gap-5">
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-200">
          {t("theme")}
        </legend>
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
          {themes.map(({ value, key, icon: Icon }) => (
            <label
              key={value}
              className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 py-2.5 text-sm text-slate-700 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50 has-[:checked]:text-brand-700 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 dark:border-slate-700 dark:text-slate-200 dark:has-[:checked]:bg-brand-500/15 dark:has-[:checked]:text-white"
            >
              <input
                type="radio"
                name="theme"
                value={value}
                checked={mounted && theme === value}
                onChange={() => setTheme(value)}
                className="sr-only"
              />
              <Icon aria-hidden className="size-4" />
              {t(key)}
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <label
          htmlFor="settings-language"
          className="mb-2 block text-sm font-medium text-slate-700 dark:text-slate-200"
        >
          {t("language")}
        </label>
        <select
          id="settings-language"
          value={locale}
          disabled={!mounted || switching}
          onChange={(e) => changeLanguage(e.target.value as Locale)}
          className={fieldClass}
        >
          {locales.map((l) => (
            <option key={l} value={l}>
              {t(`lang_${l}`)}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
