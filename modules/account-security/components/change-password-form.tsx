"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { KeyRound } from "lucide-react";
import {
  validatePasswordChange,
  type PasswordChangeErrors,
  type PasswordChangeValues,
} from "@/modules/account-security/lib/password-form";
import { passwordErrorCodes } from "@/modules/account-security/lib/schemas";
import { changePassword } from "@/modules/account-security/hooks/use-account-security";
import { ApiClientError } from "@/lib/client/api-error";
import { Button, Field, Input } from "@/components/ui";
import { stepUpRefusal, useSecondFactorOn, type StepUpError } from "./step-up-fields";

type Values = PasswordChangeValues;
type FieldName = keyof Values;
type Errors = PasswordChangeErrors;

const empty: Values = { current: "", next: "", confirm: "" };
const fields: {
  name: FieldName;
  label: "currentPassword" | "newPassword" | "confirmPassword";
  autoComplete: string;
}[] = [
  { name: "current", label: "currentPassword", autoComplete: "current-password" },
  { name: "next", label: "newPassword", autoComplete: "new-password" },
  { name: "confirm", label: "confirmPassword", autoComplete: "new-password" },
];
/** What a refusal from the server means for the form. */
function fromServer(error: unknown): { errors?: Errors; message?: string } {
  if (!(error instanceof ApiClientError)) return { message: "failed" };
  if (error.code === passwordErrorCodes.wrongCurrent)
    return { errors: { current: "wrongCurrent" } };
  if (error.code === passwordErrorCodes.throttled) return { message: "throttled" };
  if (error.status === 401) return { message: "sessionExpired" };
  // A validation refusal cannot follow the form's own check (the same rules): a generic error.
  return { message: "failed" };
}

/**
 * The real password change, in Profile's Security card and Settings' dialog: checked
 * here first with the spec's minimums, then by the server (which also checks the current
 * password, and a current code when two-factor sign-in is on). On success the fields empty and `onChanged` hears how many other devices were
 * signed out.
 */
export function ChangePasswordForm({
  idPrefix,
  onChanged,
  autoFocus = false,
}: {
  idPrefix: string;
  onChanged?: (otherSessionsEnded: number) => void;
  autoFocus?: boolean;
}) {
  const t = useTranslations("AccountSecurity");
  const [values, setValues] = useState<Values>(empty);
  const [errors, setErrors] = useState<Errors>({});
  const [status, setStatus] = useState<{ tone: "ok" | "error"; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  // With two-factor sign-in on, the change also asks for a current code (step-up).
  const needsCode = useSecondFactorOn();
  const [code, setCode] = useState("");
  const [codeError, setCodeError] = useState<StepUpError | null>(null);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (busy) return;
    const found = validatePasswordChange(values);
    const missingCode = needsCode && !code.trim() ? ("suCodeRequired" as const) : null;
    setErrors(found);
    setCodeError(missingCode);
    setStatus(null);
    if (Object.keys(found).length || missingCode) return;
    setBusy(true);
    try {
      const res = await changePassword({
        currentPassword: values.current,
        newPassword: values.next,
        confirmPassword: values.confirm,
        ...(needsCode ? { code } : {}),
      });
      setValues(empty);
      setCode("");
      setStatus({ tone: "ok", text: t("changed", { count: res.otherSessionsEnded }) });
      onChanged?.(res.otherSessionsEnded);
    } catch (error) {
      const refusal = stepUpRefusal(error);
      if (
        refusal === "suCodeRequired" ||
        refusal === "tfCodeIncorrect" ||
        refusal === "tfCodeUsed"
      ) {
        setCodeError(refusal);
        return;
      }
      const outcome = fromServer(error);
      if (outcome.errors) setErrors(outcome.errors);
      if (outcome.message === "throttled") {
        const seconds = error instanceof ApiClientError ? (error.retryAfterSec ?? 60) : 60;
        setStatus({ tone: "error", text: t("throttled", { minutes: Math.ceil(seconds / 60) }) });
      } else if (outcome.message) {
        setStatus({
          tone: "error",
          text: t(outcome.message as "failed" | "sessionExpired"),
        });
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-4">
      <p className="text-sm text-fg-muted">{t("hint")}</p>
      {fields.map((f, i) => (
        <Field
          key={f.name}
          id={`${idPrefix}-${f.name}`}
          label={t(f.label)}
          error={errors[f.name] ? t(errors[f.name]!) : null}
        >
          <Input
            type="password"
            autoComplete={f.autoComplete}
            autoFocus={autoFocus && i === 0}
            value={values[f.name]}
            onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.target.value }))}
          />
        </Field>
      ))}
      {needsCode ? (
        <Field
          id={`${idPrefix}-code`}
          label={t("tfCodeOrRecovery")}
          hint={t("suCodeRequired")}
          error={codeError ? t(codeError) : null}
        >
          <Input
            dir="ltr"
            autoComplete="one-time-code"
            spellCheck={false}
            maxLength={16}
            className="max-w-56 font-mono tracking-widest"
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
        </Field>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={busy}>
          <KeyRound aria-hidden /> {busy ? t("changing") : t("submit")}
        </Button>
        <p
          role={status?.tone === "error" ? "alert" : "status"}
          data-testid={`${idPrefix}-status`}
          className={
            status?.tone === "error"
              ? "text-sm text-danger-text"
              : "text-sm font-medium text-success-soft-fg"
          }
        >
          {status?.text}
        </p>
      </div>
    </form>
  );
}
