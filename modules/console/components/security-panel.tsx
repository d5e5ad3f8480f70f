"use client";

import { useTranslations } from "next-intl";
import { ShieldCheck } from "lucide-react";
import { TwoFactorSection } from "@/modules/account-security/components/two-factor-section";
import { Panel } from "./panel";

/** The signed-in operator's own second factor: set up, recovery codes, turn off. */
export function SecurityPanel({ required }: { required: boolean }) {
  const t = useTranslations("Admin.security");
  return (
    <Panel id="panel-security" title={t("title")}>
      <div className="grid gap-4">
        <p className="text-sm text-fg-muted">{t("hint")}</p>
        <TwoFactorSection idPrefix="console-2fa" audience="operator" canTurnOff={!required} />
      </div>
    </Panel>
  );
}

/**
 * What an operator without a second factor sees where the deployment requires one
 * (OPERATOR_REQUIRE_TWO_FACTOR): only its set-up; `onDone` opens the console.
 */
export function RequiredTwoFactor({ onDone }: { onDone: () => void }) {
  const t = useTranslations("Admin.security");
  return (
    <section
      aria-labelledby="console-2fa-required"
      className="mx-auto grid max-w-2xl gap-4 rounded-xl border border-line bg-surface p-6"
    >
      <div className="flex items-start gap-3">
        <ShieldCheck aria-hidden className="mt-0.5 size-6 shrink-0 text-brand-600" />
        <div className="grid gap-1">
          <h2 id="console-2fa-required" className="text-lg font-semibold text-fg">
            {t("requiredTitle")}
          </h2>
          <p className="text-sm text-fg-muted">{t("requiredHint")}</p>
        </div>
      </div>
      <TwoFactorSection
        idPrefix="console-2fa"
        audience="operator"
        canTurnOff={false}
        onDone={onDone}
      />
    </section>
  );
}
