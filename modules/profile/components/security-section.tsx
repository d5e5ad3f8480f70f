"use client";

import { useTranslations } from "next-intl";
import { SectionCard } from "@/components/ui";
import { ChangePasswordForm } from "@/modules/account-security/components/change-password-form";
import { TwoFactorSection } from "@/modules/account-security/components/two-factor-section";

/**
 * The Security card: the real password change (the spec's form with its minimums,
 * no longer simulated) and two-factor sign-in. Both are shared with Settings' dialogs.
 */
export function SecuritySection() {
  const t = useTranslations("Profile");
  const security = useTranslations("AccountSecurity");
  return (
    <SectionCard id="profile-security" title={t("security")}>
      <ChangePasswordForm idPrefix="profile-password" />
      <section
        aria-labelledby="profile-two-factor-title"
        className="mt-6 grid gap-3 border-t border-line pt-5"
      >
        <h3 id="profile-two-factor-title" className="text-sm font-semibold text-fg">
          {security("tfTitle")}
        </h3>
        <TwoFactorSection idPrefix="profile-two-factor" />
      </section>
    </SectionCard>
  );
}
