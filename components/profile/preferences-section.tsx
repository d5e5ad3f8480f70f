"use client";

import { useTranslations } from "next-intl";
import { Monitor, Moon, Sun } from "lucide-react";
import { Field, NativeSelect, RadioCards, SectionCard } from "@/components/ui";
import { profileLanguages, type ProfileForm, type ProfileTheme } from "@/lib/profile/profile-form";

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
        <Field id="profile-language" label={t("language")}>
          <NativeSelect
            value={form.language}
            onChange={(e) => onChange({ language: e.target.value as ProfileForm["language"] })}
          >
            {profileLanguages.map((l) => (
              <option key={l} value={l} lang={l}>
                {t(`lang_${l}`)}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <RadioCards
          label={t("theme")}
          value={form.theme}
          onValueChange={(value) => onChange({ theme: value as ProfileTheme })}
          items={themes.map(({ value, icon }) => ({ value, icon, label: t(`theme_${value}`) }))}
          className="sm:grid-cols-3"
        />
      </div>
    </SectionCard>
  );
}
