"use client";

import { useTranslations } from "next-intl";
import { Monitor, Moon, Sun } from "lucide-react";
import { profileLanguages, type ProfileForm, type ProfileTheme } from "@/lib/profile/profile-form";
import { fieldClass, Label } from "./ui";
import { SectionCard } from "@/components/ui/section-card";

const themes: { value: ProfileTheme; icon: typeof Sun }[] = [
  { value: "light", icon: Sun },
  { value: "dark", icon: Moon },
  { value: "system", icon: Monitor },
];

/** Spec: language en/es/fr (a profile preference, not the interface language) and theme. */
export function PreferencesSection({
  form,
  onChange,
}: {
  form: ProfileForm;
  onChange: (patch: Partial<ProfileForm>) => void;
}) {
  const t = useTranslations("Profile");
  return (
    <SectionCard id="profile-preferences" title={t("preferences")}>
      <div className="grid gap-5">
        <div>
          <Label htmlFor="profile-language">{t("language")}</Label>
          <select
            id="profile-language"
            value={form.language}
            onChange={(e) => onChange({ language: e.target.value as ProfileForm["language"] })}
            className={fieldClass}
          >
            {profileLanguages.map((l) => (
              <option key={l} value={l} lang={l}>
                {t(`lang_${l}`)}
              </option>
            ))}
          </select>
        </div>
        <fieldset>
          <legend className="mb-1.5 text-sm font-medium text-slate-700 dark:text-slate-200">
            {t("theme")}
          </legend>
          <div className="grid grid-cols-3 gap-2">
            {themes.map(({ value, icon: Icon }) => (
              <label
                key={value}
                className="flex cursor-pointer items-center justify-center gap-2 rounded-lg border border-slate-300 px-2 py-2.5 text-sm text-slate-700 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50 has-[:checked]:text-brand-700 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 dark:border-slate-700 dark:text-slate-200 dark:has-[:checked]:bg-brand-500/15 dark:has-[:checked]:text-white"
              >
                <input
                  type="radio"
                  name="profile-theme"
                  value={value}
                  checked={form.theme === value}
                  onChange={() => onChange({ theme: value })}
                  className="sr-only"
                />
                <Icon aria-hidden className="size-4 shrink-0" />
                {t(`theme_${value}`)}
              </label>
            ))}
          </div>
        </fieldset>
      </div>
    </SectionCard>
  );
}
