"use client";

import { useTranslations } from "next-intl";
import { useQuery } from "@tanstack/react-query";
import { ShieldCheck } from "lucide-react";
import { DialogButton } from "@/components/ui";
import { apiClient } from "@/lib/client/api-client";
import { twoFactorStatusSchema } from "@/lib/two-factor/schemas";
import { TwoFactorSection, twoFactorRoutes } from "./two-factor-section";

/**
 * Settings' two-factor button: the Profile's two-factor section in a dialog. It reads the same
 * status query as the section (one cache entry), so once two-factor is on the button stops
 * offering to enable it and offers to manage it instead.
 */
export function TwoFactorDialog() {
  const t = useTranslations("AccountSecurity");
  const settings = useTranslations("Settings");
  const { base, credential, key } = twoFactorRoutes("rep");
  const status = useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      apiClient.get(base, { schema: twoFactorStatusSchema, credential, signal }),
  });
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
