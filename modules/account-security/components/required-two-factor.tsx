"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui";
import { logoutToLogin } from "@/modules/shell/client/logout";
import { TwoFactorSection } from "./two-factor-section";

/**
 * The set-up a team that requires a second factor asks of a member without one: the same steps
 * as Settings, then on to the app (another root layout: Next loads it afresh, and every page
 * checks the session again). Signing out is the only other way.
 */
export function RequiredTwoFactor() {
  const t = useTranslations("AccountSecurity");
  const router = useRouter();
  return (
    <div className="grid gap-5">
      <TwoFactorSection idPrefix="required-two-factor" onDone={() => router.replace("/app")} />
      <Button variant="ghost" className="justify-self-start" onClick={() => void logoutToLogin()}>
        {t("requiredSignOut")}
      </Button>
    </div>
  );
}
