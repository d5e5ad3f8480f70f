"use client";

import { useTranslations } from "next-intl";
import { Lock } from "lucide-react";
import { DialogButton, toast } from "@/components/ui";
import { ChangePasswordForm } from "./change-password-form";

/** Settings' Change Password: the Profile's form in a dialog; success closes it with a toast. */
export function ChangePasswordDialog() {
  const t = useTranslations("AccountSecurity");
  const settings = useTranslations("Settings");
  return (
    <DialogButton
      icon={Lock}
      label={settings("changePassword")}
      title={t("dialogTitle")}
      initialFocus={["#settings-password-current"]}
    >
      {(close) => (
        <ChangePasswordForm
          idPrefix="settings-password"
          onChanged={(count) => {
            close();
            toast.success(t("changed", { count }));
          }}
        />
      )}
    </DialogButton>
  );
}
