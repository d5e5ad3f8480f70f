"use client";

import { useTranslations } from "next-intl";
import { SectionCard } from "@/components/ui";
import { AppearanceFields } from "@/modules/settings/components/appearance-fields";

/**
 * Language and theme: the interface's own, the same controls and lists as Settings (the spec's
 * separate English/Español/Français list changed nothing and offered languages the interface
 * does not have).
 */
export function PreferencesSection() {
  const t = useTranslations("Profile");
  return (
    <SectionCard id="profile-preferences" title={t("preferences")}>
      <AppearanceFields idPrefix="profile" narrow />
    </SectionCard>
  );
}
