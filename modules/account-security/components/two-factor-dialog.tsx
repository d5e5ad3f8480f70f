"use client";

import { useTranslations } from "next-intl";
import { ShieldCheck } from "lucide-react";
import { DialogButton } from "@/components/ui";
import { TwoFactorSection } from "./two-factor-section";

/** Settings' Enable 2FA: the Profile's two-factor section in a dialog. */
export function TwoFactorDialog() {
  const t = useTranslations("AccountSecurity");
  const settings = useTranslations("Settings");
  return (
    <DialogButton icon={ShieldCheck} label={settings("enable2fa")} title={t("tfTitle")}>
      {() => <TwoFactorSection idPrefix="settings-two-factor" />}
    </DialogButton>
  );
}
