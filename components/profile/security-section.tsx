"use client";

import { useTranslations } from "next-intl";
import { SectionCard } from "@/components/ui";
import { ChangePasswordForm } from "@/components/account-security/change-password-form";

/**
 * The Security card: the real password change (issue 33; the spec's form with its minimums,
 * no longer simulated). The form itself is shared with Settings' Change Password dialog.
 */
export function SecuritySection() {
  const t = useTranslations("Profile");
  return (
    <SectionCard id="profile-security" title={t("security")}>
      <ChangePasswordForm idPrefix="profile-password" />
    </SectionCard>
  );
}
