"use client";

import { useSyncExternalStore, useTransition } from "react";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { useTheme } from "next-themes";
import { Monitor, Moon, Sun } from "lucide-react";
import { localeCookie, locales, type Locale } from "@/lib/i18n/config";
import { Field, NativeSelect, RadioCards } from "@/components/ui";

const themes = [
  { value: "dark", key: "themeDark", icon: Moon },
  { value: "light", key: "themeLight", icon: Sun },
  { value: "system", key: "themeSystem", icon: Monitor },
] as const;

const noop = () => () => {};

/**
 * Theme and language: both apply at once and persist (theme in localStorage, language in a
 * cookie). Settings and Profile both show these, so the two screens offer the same lists: the
 * interface's own languages and themes.
 */
export function AppearanceFields({
  idPrefix = "settings",
  narrow = false,
}: {
  idPrefix?: string;
  /** In a narrow column (Profile's side): the theme cards stack instead of sitting in a row. */
  narrow?: boolean;
}) {
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
      <RadioCards
        label={t("theme")}
        // Before hydration nothing is checked (next-themes only knows the theme in the browser).
        value={mounted ? (theme ?? "") : ""}
        onValueChange={setTheme}
        items={themes.map(({ value, key, icon }) => ({ value, icon, label: t(key) }))}
        className={narrow ? "sm:grid-cols-3 lg:grid-cols-1" : undefined}
      />
      <Field id={`${idPrefix}-language`} label={t("language")}>
        <NativeSelect
          value={locale}
          disabled={!mounted || switching}
          onChange={(e) => changeLanguage(e.target.value as Locale)}
        >
          {locales.map((l) => (
            <option key={l} value={l} lang={l}>
              {t(`lang_${l}`)}
            </option>
          ))}
        </NativeSelect>
      </Field>
    </div>
  );
}
