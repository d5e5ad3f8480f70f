"use client";

import { useTranslations } from "next-intl";
import { Field, Input } from "@/components/ui";
import { ApiClientError } from "@/lib/client/api-error";
import { twoFactorErrorCodes } from "@/lib/two-factor/schemas";
import { useRepTwoFactorStatus } from "@/modules/account-security/hooks/use-account-security";

// The proof an account change asks for in its own dialog (lib/two-factor/step-up.ts): the current
// password, and a code from the authenticator app (or a recovery code) when two-factor sign-in
// is on. Shared by the two-factor section, the password form, the e-mail field and the API keys.

export type StepUpValue = { password: string; code: string };
export const emptyStepUp: StepUpValue = { password: "", code: "" };

/** Whether the signed-in rep's second factor is on (the same query as the two-factor section). */
export function useSecondFactorOn() {
  return useRepTwoFactorStatus().data?.enabled ?? false;
}

export type StepUpError =
  | "wrongCurrent"
  | "tfPasswordRequired"
  | "suCodeRequired"
  | "tfCodeIncorrect"
  | "tfCodeUsed"
  | "tfThrottled";

/** The message key for a step-up refusal of the server, or null for any other error. */
export function stepUpRefusal(error: unknown): StepUpError | null {
  if (!(error instanceof ApiClientError)) return null;
  switch (error.code) {
    case twoFactorErrorCodes.wrongPassword:
      return "wrongCurrent";
    case twoFactorErrorCodes.passwordRequired:
      return "tfPasswordRequired";
    case twoFactorErrorCodes.codeRequired:
      return "suCodeRequired";
    case twoFactorErrorCodes.wrongCode:
      return "tfCodeIncorrect";
    case twoFactorErrorCodes.replayed:
      return "tfCodeUsed";
    case twoFactorErrorCodes.throttled:
      return "tfThrottled";
    default:
      return null;
  }
}

/** What the form checks before it sends: a password, and a code when one is asked. */
export function missingStepUp(value: StepUpValue, needsCode: boolean): StepUpError | null {
  if (!value.password) return "tfPasswordRequired";
  if (needsCode && !value.code.trim()) return "suCodeRequired";
  return null;
}

/** The password (and code) fields, with a line that says why they are asked. */
export function StepUpFields({
  idPrefix,
  value,
  onChange,
  needsCode,
  error,
}: {
  idPrefix: string;
  value: StepUpValue;
  onChange: (value: StepUpValue) => void;
  needsCode: boolean;
  /** The refusal to show under the field it concerns. */
  error?: StepUpError | null;
}) {
  const t = useTranslations("AccountSecurity");
  const onPassword = error === "wrongCurrent" || error === "tfPasswordRequired";
  const onCode = error && !onPassword && error !== "tfThrottled";
  return (
    <div className="grid gap-3" data-testid={`${idPrefix}-step-up`}>
      <p className="text-sm text-fg-muted">{t(needsCode ? "suHintCode" : "suHint")}</p>
      <Field
        id={`${idPrefix}-step-up-password`}
        label={t("currentPassword")}
        error={onPassword ? t(error) : undefined}
      >
        <Input
          type="password"
          autoComplete="current-password"
          value={value.password}
          onChange={(e) => onChange({ ...value, password: e.target.value })}
        />
      </Field>
      {needsCode ? (
        <Field
          id={`${idPrefix}-step-up-code`}
          label={t("tfCodeOrRecovery")}
          error={onCode ? t(error) : undefined}
        >
          <Input
            dir="ltr"
            autoComplete="one-time-code"
            spellCheck={false}
            maxLength={16}
            className="max-w-56 font-mono tracking-widest"
            value={value.code}
            onChange={(e) => onChange({ ...value, code: e.target.value })}
          />
        </Field>
      ) : null}
      {error === "tfThrottled" ? (
        <p role="alert" className="text-sm text-danger-text">
          {t(error)}
        </p>
      ) : null}
    </div>
  );
}
