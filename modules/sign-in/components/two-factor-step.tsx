"use client";

import { useRef, useState } from "react";
import { useTranslations } from "next-intl";
import type { SecondStepResult } from "@/modules/sign-in/client/login";
import { AlertIcon, SpinnerIcon } from "./icons";
import { loginSubmitClass } from "./submit-class";

const inputClass =
  "h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-center font-mono text-lg tracking-[0.3em] text-slate-900 placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 aria-[invalid=true]:border-rose-500 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-100";
const linkClass =
  "text-sm font-medium text-brand-600 underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500/40 dark:text-brand-400";

type Problem =
  | { kind: "required" | "incorrect" | "used" | "expired" | "network" }
  | { kind: "throttled"; seconds: number };

/**
 * The sign-in's second step: the 6-digit code of the authenticator app, or one of the
 * recovery codes. The field switches between the two so a phone shows the number pad for the
 * code and a keyboard for a recovery code. `verify` is the login module's code step.
 */
export function TwoFactorStep({
  verify,
  onSignedIn,
  onRestart,
}: {
  verify: (code: string) => Promise<SecondStepResult>;
  onSignedIn: () => void;
  onRestart: () => void;
}) {
  const t = useTranslations("Login");
  const [recovery, setRecovery] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const codeRef = useRef<HTMLInputElement>(null);

  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const code = String(new FormData(e.currentTarget).get("code") ?? "").trim();
    if (!code) {
      setProblem({ kind: "required" });
      codeRef.current?.focus();
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const result = await verify(code);
      if (result.ok) return onSignedIn();
      setProblem(
        result.reason === "throttled"
          ? { kind: "throttled", seconds: result.retryAfterSec }
          : { kind: result.reason },
      );
    } catch {
      setProblem({ kind: "network" });
    }
    setBusy(false);
    requestAnimationFrame(() => {
      codeRef.current?.select();
      codeRef.current?.focus();
    });
  }

  const message = !problem
    ? null
    : problem.kind === "throttled"
      ? t("throttled", { seconds: problem.seconds })
      : t(`code_${problem.kind}`);

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="grid gap-4">
      <div className="grid gap-1">
        <h2 className="text-lg font-semibold text-slate-900 dark:text-slate-100">
          {t("twoFactorTitle")}
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {recovery ? t("recoveryHint") : t("twoFactorHint")}
        </p>
      </div>
      <div role="alert" aria-live="assertive" className="min-h-0">
        {message ? (
          <p
            id="two-factor-error"
            className="flex items-start gap-2 rounded-lg border border-rose-200 bg-rose-50 px-3 py-2.5 text-sm text-rose-700 dark:border-rose-500/30 dark:bg-rose-500/10 dark:text-rose-300"
          >
            <AlertIcon className="mt-0.5 size-4 shrink-0" /> {message}
          </p>
        ) : null}
      </div>
      <div className="grid gap-1.5">
        <label
          htmlFor="two-factor-code"
          className="text-sm font-medium text-slate-700 dark:text-slate-200"
        >
          {recovery ? t("recoveryCode") : t("code")}
        </label>
        {/* Codes read left to right in every language. key: a fresh field when the kind changes. */}
        <input
          key={recovery ? "recovery" : "totp"}
          ref={codeRef}
          id="two-factor-code"
          name="code"
          dir="ltr"
          autoFocus
          required
          autoComplete={recovery ? "off" : "one-time-code"}
          inputMode={recovery ? "text" : "numeric"}
          maxLength={recovery ? 16 : 8}
          spellCheck={false}
          autoCapitalize="off"
          placeholder={recovery ? "xxxxx-xxxxx" : "000000"}
          aria-invalid={(problem !== null && problem.kind !== "network") || undefined}
          aria-describedby={message ? "two-factor-error" : undefined}
          className={inputClass}
        />
      </div>
      <button type="submit" disabled={busy} aria-busy={busy} className={loginSubmitClass}>
        {busy ? <SpinnerIcon /> : null}
        {busy ? t("verifying") : t("verify")}
      </button>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <button
          type="button"
          className={linkClass}
          onClick={() => {
            setRecovery((r) => !r);
            setProblem(null);
          }}
        >
          {recovery ? t("useApp") : t("useRecovery")}
        </button>
        <button type="button" className={linkClass} onClick={onRestart}>
          {t("startOver")}
        </button>
      </div>
    </form>
  );
}
