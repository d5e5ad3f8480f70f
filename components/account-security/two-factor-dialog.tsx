"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { ShieldCheck } from "lucide-react";
import { Button, Dialog } from "@/components/ui";
import { TwoFactorSection } from "./two-factor-section";

/** Settings' Enable 2FA: the Profile's two-factor section in a dialog. */
export function TwoFactorDialog() {
  const t = useTranslations("AccountSecurity");
  const settings = useTranslations("Settings");
  const [open, setOpen] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title={t("tfTitle")}
      trigger={
        <Button variant="secondary">
          <ShieldCheck aria-hidden /> {settings("enable2fa")}
        </Button>
      }
    >
      <TwoFactorSection idPrefix="settings-two-factor" />
    </Dialog>
  );
}
