"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { Lock } from "lucide-react";
import { Button, Dialog, toast } from "@/components/ui";
import { ChangePasswordForm } from "./change-password-form";

/** Settings' Change Password: the Profile's form in a dialog; success closes it with a toast. */
export function ChangePasswordDialog() {
  const t = useTranslations("AccountSecurity");
  const settings = useTranslations("Settings");
  const [open, setOpen] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title={t("dialogTitle")}
      initialFocus={["#settings-password-current"]}
      trigger={
        <Button variant="secondary">
          <Lock aria-hidden /> {settings("changePassword")}
        </Button>
      }
    >
      <ChangePasswordForm
        idPrefix="settings-password"
        onChanged={(count) => {
          setOpen(false);
          toast.success(t("changed", { count }));
        }}
      />
    </Dialog>
  );
}
