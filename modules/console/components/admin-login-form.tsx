"use client";

import { useRef, useState, useSyncExternalStore } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { AlertCircle, CheckCircle2 } from "lucide-react";
import { Button, Field, Input, Spinner } from "@/components/ui";
import { PasswordField } from "@/modules/sign-in/components/password-field";
import { TwoFactorStep } from "@/modules/sign-in/components/two-factor-step";
import { controlClass } from "@/components/ui/field";
import { ApiClientError, isAbortError } from "@/lib/client/api-error";
import type { SecondStepResult } from "@/modules/sign-in/client/login";
import { setOperatorToken } from "@/lib/client/operator-session";
import { operatorLogin, operatorLoginCode } from "@/modules/console/lib/operator-login";
import { twoFactorErrorCodes } from "@/lib/two-factor/schemas";

/** Spec section 9: the console opens 250 ms after a successful sign-in. */
export const consoleRedirectMs = 250;

const noSubscription = () => () => {};

type Message = { tone: "error" | "success"; text: string };

/** The console sign-in's code step (POST /api/admin/login/2fa), told apart like the rep's. */
async function verifyCode(challenge: string, code: string): Promise<SecondStepResult> {
  try {
    const { token } = await operatorLoginCode(challenge, code);
    setOperatorToken(token);
    return { ok: true };
  } catch (error) {
    if (!(error instanceof ApiClientError) || error.code === "network") throw error;
    if (error.status === 429) {
      return { ok: false, reason: "throttled", retryAfterSec: error.retryAfterSec ?? 60 };
    }
    if (error.code === twoFactorErrorCodes.challengeInvalid)
      return { ok: false, reason: "expired" };
    if (error.code === twoFactorErrorCodes.replayed) return { ok: false, reason: "used" };
    return { ok: false, reason: "incorrect" };
  }
}

/** /adminconsole (spec sections 2, 5, 8): operator credentials for a console token. */
export function AdminLoginForm() {
  const t = useTranslations("Admin.login");
  const router = useRouter();
  // False during server render and hydration: Sign in waits until the handler is attached.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);
  /** Set when the password was right and the operator has a second factor. */
  const [challenge, setChallenge] = useState<string | null>(null);
  const userRef = useRef<HTMLInputElement>(null);
  const passRef = useRef<HTMLInputElement>(null);

  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const username = String(form.get("username") ?? "").trim();
    const password = String(form.get("password") ?? "");
    if (!username || !password) {
      setMessage({ tone: "error", text: t("required") });
      (username ? passRef : userRef).current?.focus();
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      const body = await operatorLogin(username, password);
      if (body.twoFactorRequired === true && typeof body.challenge === "string") {
        setChallenge(body.challenge);
        setBusy(false);
        return;
      }
      if (typeof body.token !== "string" || !body.token) {
        setMessage({ tone: "error", text: t("noToken") });
        setBusy(false);
        return;
      }
      setOperatorToken(body.token);
      setMessage({ tone: "success", text: t("success") });
      setTimeout(() => router.push("/adminconsole/console"), consoleRedirectMs);
      return;
    } catch (error) {
      if (isAbortError(error)) return;
      const serverError =
        error instanceof ApiClientError &&
        typeof (error.body as { error?: unknown } | undefined)?.error === "string"
          ? String((error.body as { error: string }).error)
          : null;
      const text =
        serverError ??
        (error instanceof ApiClientError && error.status === 0
          ? error.message
          : error instanceof ApiClientError
            ? t("failed")
            : error instanceof Error
              ? error.message
              : t("failed"));
      setMessage({ tone: "error", text });
    }
    setBusy(false);
    requestAnimationFrame(() => passRef.current?.focus());
  }

  if (challenge) {
    return (
      <TwoFactorStep
        verify={(code) => verifyCode(challenge, code)}
        onSignedIn={() => router.push("/adminconsole/console")}
        onRestart={() => {
          setChallenge(null);
          setMessage(null);
        }}
      />
    );
  }

  const invalid = message?.tone === "error" || undefined;
  return (
    <form method="post" onSubmit={onSubmit} noValidate className="grid grid-cols-1 gap-4">
      <div role={message?.tone === "error" ? "alert" : "status"} aria-live="polite">
        {message ? (
          <p
            data-testid="admin-login-message"
            className={
              message.tone === "error"
                ? "flex items-start gap-2 rounded-lg bg-danger-soft px-3 py-2.5 text-sm text-danger-soft-fg"
                : "flex items-start gap-2 rounded-lg bg-success-soft px-3 py-2.5 text-sm text-success-soft-fg"
            }
          >
            {message.tone === "error" ? (
              <AlertCircle aria-hidden className="mt-0.5 size-4 shrink-0" />
            ) : (
              <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0" />
            )}
            <span className="min-w-0 break-words">{message.text}</span>
          </p>
        ) : null}
      </div>
      <Field label={t("username")} id="admin-username">
        <Input
          ref={userRef}
          name="username"
          autoComplete="username"
          required
          autoFocus
          aria-invalid={invalid}
          className="h-11"
        />
      </Field>
      <div className="grid grid-cols-1 gap-1.5">
        <label htmlFor="admin-password" className="text-sm font-medium text-fg">
          {t("password")}
        </label>
        <PasswordField
          ref={passRef}
          id="admin-password"
          name="password"
          autoComplete="current-password"
          required
          aria-invalid={invalid}
          inputClassName={`${controlClass} h-11`}
        />
      </div>
      <Button type="submit" disabled={busy || !hydrated} aria-busy={busy} className="mt-2 h-11">
        {busy ? <Spinner /> : null}
        {busy ? t("busy") : t("submit")}
      </Button>
    </form>
  );
}
