"use client";

import { useTranslations } from "next-intl";
import { ShieldCheck } from "lucide-react";
import { DialogButton } from "@/components/ui";
import { useRepTwoFactorStatus } from "@/modules/account-security/hooks/use-account-security";
import { TwoFactorSection } from "./two-factor-section";

/**
 * Settings' two-factor button: the Profile's two-factor section in a dialog. It reads the same
 * status query as the section (one cache entry), so once two-factor is on the button stops
 * offering to enable it and offers to manage it instead.
 */
export function TwoFactorDialog() {
  const t = useTranslations("AccountSecurity");
  const settings = useTranslations("Settings");
  const status = useRepTwoFactorStatus();
  const label = status.data?.enabled ? settings("manage2fa") : settings("enable2fa");
  return (
    <DialogButton
      icon={ShieldCheck}
      label={label}
      testId="settings-two-factor"
      title={t("tfTitle")}
    >
      {() => <TwoFactorSection idPrefix="settings-two-factor" />}
    </DialogButton>
  );
}
