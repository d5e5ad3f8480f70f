"use client";

import { useTranslations } from "next-intl";
import { Field, NativeSelect } from "@/components/ui";
import { credentialModes, dtmfModes } from "@/modules/telephony/lib/line-rules";
import type { FieldErrors, LineDraft } from "@/modules/telephony/lib/panel-draft";

/** How calls on the line behave: how keypad tones are sent and which credentials reps get. */
export function CallModeFields({
  ids,
  draft,
  edit,
  serverErrors,
}: {
  ids: string;
  draft: LineDraft;
  edit: (change: Partial<LineDraft>) => void;
  serverErrors: FieldErrors;
}) {
  const t = useTranslations("Admin.telephony");
  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
      <Field id={`${ids}-dtmf`} label={t("dtmfMode")} error={serverErrors.dtmfMode}>
        <NativeSelect
          value={draft.dtmfMode}
          onChange={(e) => edit({ dtmfMode: e.target.value as LineDraft["dtmfMode"] })}
        >
          {dtmfModes.map((mode) => (
            <option key={mode} value={mode}>
              {t(`dtmf.${mode}`)}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field id={`${ids}-mode`} label={t("credentialMode")} error={serverErrors.credentialMode}>
        <NativeSelect
          value={draft.credentialMode}
          onChange={(e) => edit({ credentialMode: e.target.value as LineDraft["credentialMode"] })}
        >
          {credentialModes.map((mode) => (
            <option key={mode} value={mode}>
              {t(`credential.${mode}`)}
            </option>
          ))}
        </NativeSelect>
      </Field>
    </div>
  );
}
