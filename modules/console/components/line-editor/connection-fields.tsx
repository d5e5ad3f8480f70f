"use client";

import { useTranslations } from "next-intl";
import { Field, Input } from "@/components/ui";
import type { LineDraft } from "@/modules/telephony/lib/panel-draft";

/** Where the browser reaches the line: the SIP-over-WebSocket URL and the SIP domain. */
export function ConnectionFields({
  ids,
  draft,
  edit,
  errorText,
}: {
  ids: string;
  draft: LineDraft;
  edit: (change: Partial<LineDraft>) => void;
  errorText: (path: string) => string | undefined;
}) {
  const t = useTranslations("Admin.telephony");
  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
      <Field id={`${ids}-ws`} label={t("wsUrl")} hint={t("wsUrlHint")} error={errorText("wsUrl")}>
        <Input
          dir="ltr"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="wss://sip.example.com/ws"
          value={draft.wsUrl}
          onChange={(e) => edit({ wsUrl: e.target.value })}
        />
      </Field>
      <Field
        id={`${ids}-domain`}
        label={t("sipDomain")}
        hint={t("sipDomainHint")}
        error={errorText("sipDomain")}
      >
        <Input
          dir="ltr"
          autoComplete="off"
          spellCheck={false}
          placeholder="sip.example.com"
          value={draft.sipDomain}
          onChange={(e) => edit({ sipDomain: e.target.value })}
        />
      </Field>
    </div>
  );
}
