"use client";

import { useState } from "react";
import { useFormatter, useTranslations } from "next-intl";
import { ShieldCheck, ShieldOff } from "lucide-react";
import { Button, Field, Input, toast } from "@/components/ui";
import { ApiClientError } from "@/lib/client/api-error";
import { twoFactorErrorCodes } from "@/lib/two-factor/schemas";
import {
  useBeginTwoFactorSetup,
  useDisableTwoFactor,
  useEnableTwoFactor,
  useRefreshTwoFactorStatus,
  useTwoFactorStatus,
  type TwoFactorAudience,
} from "@/modules/account-security/hooks/use-account-security";
import { NewRecoveryCodes } from "./new-recovery-codes";
import { QrCode } from "./qr-code";
import { RecoveryCodesView } from "./recovery-codes-view";

type Setup = { secret: string; otpauthUri: string };

/** The message key for a refusal of the server (codes of lib/two-factor/schemas.ts). */
function refusal(error: unknown) {
  if (!(error instanceof ApiClientError)) return "tfFailed" as const;
  if (error.code === twoFactorErrorCodes.wrongCode) return "tfCodeIncorrect" as const;
  if (error.code === twoFactorErrorCodes.replayed) return "tfCodeUsed" as const;
  if (error.code === twoFactorErrorCodes.wrongPassword) return "wrongCurrent" as const;
  if (error.code === twoFactorErrorCodes.passwordRequired) return "tfPasswordRequired" as const;
  if (error.code === twoFactorErrorCodes.throttled) return "tfThrottled" as const;
  if (error.code === twoFactorErrorCodes.notEnrolling) return "tfRestart" as const;
  if (error.status === 401) return "sessionExpired" as const;
  if (error.status === 400) return "tfCodeFormat" as const;
  return "tfFailed" as const;
}

/** The secret grouped by four for reading aloud or typing; the app ignores the spaces. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, "$1 ");

/**
 * Two-factor sign-in, in Profile's Security card and Settings' dialog: set up with a
 * QR code (or the secret typed in), confirmed with a code before it is on, then the ten recovery
 * codes shown once (the password is asked with the code: turning it on signs every other device
 * out); new recovery codes and turning it off take the password and a code. The console's operators have the
 * same section (`audience="operator"`), where the deployment may forbid turning it off.
 */
export function TwoFactorSection({
  idPrefix,
  onDone,
  audience = "rep",
  canTurnOff = true,
}: {
  idPrefix: string;
  audience?: TwoFactorAudience;
  /** False where a second factor is required: the section says so instead of offering Turn off. */
  canTurnOff?: boolean;
  /** After the recovery codes were shown and the rep is done with them (the required set-up). */
  onDone?: () => void;
}) {
  const t = useTranslations("AccountSecurity");
  const format = useFormatter();
  const status = useTwoFactorStatus(audience);
  const [setup, setSetup] = useState<Setup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [signedOut, setSignedOut] = useState(0);
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<ReturnType<typeof refusal> | null>(null);
  const refresh = useRefreshTwoFactorStatus(audience);

  const begin = useBeginTwoFactorSetup(audience, {
    onSuccess: (s) => {
      setSetup(s);
      setCode("");
      setError(null);
    },
    onError: (e) => setError(refusal(e)),
  });
  const confirm = useEnableTwoFactor(audience, {
    onSuccess: (res) => {
      setSetup(null);
      setCodes(res.recoveryCodes);
      setSignedOut(res.otherSessionsEnded);
      setCode("");
      setPassword("");
      void refresh();
    },
    onError: (e) => setError(refusal(e)),
  });
  const disable = useDisableTwoFactor(audience, {
    onSuccess: () => {
      setPassword("");
      setCode("");
      setError(null);
      toast.success(t("tfDisabled"));
      void refresh();
    },
    onError: (e) => setError(refusal(e)),
  });

  const errorText = error ? (
    <p role="alert" className="text-sm text-danger-text">
      {t(error)}
    </p>
  ) : null;
  const codeField = (autoFocus: boolean, label: string, numeric: boolean) => (
    <Field id={`${idPrefix}-code`} label={label}>
      <Input
        dir="ltr"
        autoFocus={autoFocus}
        autoComplete="one-time-code"
        inputMode={numeric ? "numeric" : "text"}
        spellCheck={false}
        maxLength={numeric ? 8 : 16}
        className="max-w-56 font-mono tracking-widest"
        value={code}
        onChange={(e) => setCode(e.target.value)}
      />
    </Field>
  );

  if (codes) {
    return (
      <RecoveryCodesView
        idPrefix={idPrefix}
        codes={codes}
        heading={
          <>
            {t("tfEnabled")} {signedOut > 0 ? t("tfSignedOut", { count: signedOut }) : null}
          </>
        }
        onDone={() => {
          setCodes(null);
          onDone?.();
        }}
      />
    );
  }

  if (setup) {
    return (
      <form
        noValidate
        className="grid gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          setError(null);
          if (!/^\d{6}$/.test(code.replace(/\s/g, ""))) return setError("tfCodeFormat");
          if (!password) return setError("tfPasswordRequired");
          confirm.mutate({ code, password });
        }}
      >
        <p className="text-sm text-fg-muted">{t("tfScan")}</p>
        <div className="flex flex-wrap items-center gap-5">
          <QrCode value={setup.otpauthUri} label={t("tfQrLabel")} />
          <div className="grid gap-1">
            <p className="text-sm text-fg-muted">{t("tfSecretLabel")}</p>
            <code
              dir="ltr"
              data-testid={`${idPrefix}-secret`}
              className="rounded-md bg-surface-muted px-2 py-1 font-mono text-sm break-all text-fg"
            >
              {grouped(setup.secret)}
            </code>
          </div>
        </div>
        {codeField(true, t("tfCode"), true)}
        <p className="text-sm text-fg-muted">{t("suHint")}</p>
        <Field id={`${idPrefix}-enable-password`} label={t("currentPassword")}>
          <Input
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </Field>
        {errorText}
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={confirm.isPending}>
            <ShieldCheck aria-hidden /> {t("tfConfirm")}
          </Button>
          <Button
            type="button"
            variant="secondary"
            onClick={() => {
              setSetup(null);
              setError(null);
            }}
          >
            {t("cancel")}
          </Button>
        </div>
      </form>
    );
  }

  if (status.isPending) return <p className="text-sm text-fg-muted">{t("tfLoading")}</p>;
  if (status.isError)
    return (
      <p role="alert" className="text-sm text-danger-text">
        {t("tfFailed")}
      </p>
    );

  if (!status.data.enabled) {
    return (
      <div className="grid gap-3">
        <p className="text-sm text-fg-muted">{t("tfOff")}</p>
        {errorText}
        <div>
          <Button onClick={() => begin.mutate()} disabled={begin.isPending}>
            <ShieldCheck aria-hidden /> {t("tfSetUp")}
          </Button>
        </div>
      </div>
    );
  }

  const since = status.data.enabledAt ? new Date(status.data.enabledAt) : null;
  const onText = (
    <p className="text-sm font-medium text-success-soft-fg" data-testid={`${idPrefix}-on`}>
      {since ? t("tfOnSince", { date: format.dateTime(since, { dateStyle: "medium" }) }) : null}{" "}
      {t("tfCodesLeft", { count: status.data.recoveryCodesLeft })}
    </p>
  );
  const newCodes = (
    <NewRecoveryCodes idPrefix={idPrefix} audience={audience} onChanged={() => void refresh()} />
  );
  if (!canTurnOff) {
    return (
      <div className="grid gap-3">
        {onText}
        <p className="text-sm text-fg-muted">{t("tfRequiredOn")}</p>
        {newCodes}
      </div>
    );
  }
  return (
    <div className="grid gap-4">
      {onText}
      {newCodes}
      <form
        noValidate
        className="grid gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          setError(null);
          if (!password) return setError("tfPasswordRequired");
          if (!code.trim()) return setError("tfCodeFormat");
          disable.mutate({ password, code });
        }}
      >
        <p className="text-sm text-fg-muted">{t("tfDisableHint")}</p>
        <Field id={`${idPrefix}-disable-password`} label={t("tfPassword")}>
          <Input
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </Field>
        {codeField(false, t("tfCodeOrRecovery"), false)}
        {errorText}
        <div>
          <Button type="submit" variant="secondary" disabled={disable.isPending}>
            <ShieldOff aria-hidden /> {t("tfTurnOff")}
          </Button>
        </div>
      </form>
    </div>
  );
}
