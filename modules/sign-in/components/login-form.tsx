"use client";

import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { AlertIcon, SpinnerIcon } from "./icons";
import { PasswordField } from "./password-field";
import { loginSubmitClass } from "./submit-class";
import { TwoFactorStep } from "./two-factor-step";

const inputClass =
  "h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 aria-[invalid=true]:border-rose-500 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-100";

type Problem =
  | { kind: "invalid" }
  | { kind: "required" }
  | { kind: "throttled"; seconds: number }
  | { kind: "network" };

// The login call (API client, answer check, the storage module and session write: ~3.5 KiB gz)
// is not in the page's first load: it starts loading once the form has hydrated, and a submit
// waits for it if it is not there yet (a failure to load is the network message, like a failed
// call).
let loginModule: Promise<typeof import("@/modules/sign-in/client/login")> | null = null;
function loadLogin() {
  loginModule ??= import("@/modules/sign-in/client/login").catch((error: unknown) => {
    loginModule = null;
    throw error;
  });
  return loginModule;
}

const noSubscription = () => () => {};

/** Sign In (spec sections 2, 5, 8). Success stores the session and goes to "/", which forwards to /app. */
export function LoginForm() {
  const t = useTranslations("Login");
  const router = useRouter();
  // False in the prerendered HTML and during hydration: Login stays disabled until the handler
  // is attached.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  /** Set once the password was right and the account asks for a code. */
  const [challenge, setChallenge] = useState<string | null>(null);
  const userRef = useRef<HTMLInputElement>(null);
  const passRef = useRef<HTMLInputElement>(null);

  // A visitor with a valid session never gets here (the proxy sends them on), so a stored token
  // is one the server no longer accepts: forget it. This runs as soon as the login module is
  // there, before any submit can use it (a submit awaits the same promise, after this).
  useEffect(() => {
    loadLogin().then(
      (m) => m.forgetStaleSession(),
      () => {}, // retried on submit
    );
  }, []);

  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const username = String(form.get("username") ?? "").trim();
    const password = String(form.get("password") ?? "");
    if (!username || !password) {
      setProblem({ kind: "required" });
      (username ? passRef : userRef).current?.focus();
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const { login } = await loadLogin();
      const result = await login(username, password);
      // Straight to /app (where "/" would send a signed-in visitor): the prerendered landing may
      // sit in the router's prefetch cache from before sign-in, and rendering it from there
      // would take the new token for a stale one (StaleSessionCleanup) and end the session.
      if (result.ok) return router.replace("/app");
      if (result.reason === "two_factor") {
        setBusy(false);
        return setChallenge(result.challenge);
      }
      setProblem(
        result.reason === "throttled"
          ? { kind: "throttled", seconds: result.retryAfterSec }
          : { kind: "invalid" },
      );
    } catch {
      setProblem({ kind: "network" });
    }
    setBusy(false);
    // Spec: after a failure the password field gets focus again, ready for a retry.
    requestAnimationFrame(() => passRef.current?.focus());
  }

  const message =
    problem?.kind === "invalid"
      ? t("invalid")
      : problem?.kind === "required"
        ? t("required")
        : problem?.kind === "throttled"
          ? t("throttled", { seconds: problem.seconds })
          : problem?.kind === "network"
            ? t("network")
            : null;

  if (challenge) {
    return (
      <TwoFactorStep
        verify={async (code) => (await loadLogin()).loginSecondStep(challenge, code)}
        onSignedIn={() => router.replace("/app")}
        onRestart={() => {
          setChallenge(null);
          setProblem(null);
        }}
      />
    );
  }

  return (
    // method="post": a submit before hydration must never put the password in the URL.
    <form
      method="post"
      onSubmit={onSubmit}
      noValidate
      className="grid gap-4"
      aria-describedby={message ? "login-error" : undefined}
    >
      <div role="alert" aria-live="assertive" className="min-h-0">
        {message ? (
          <p
            id="login-error"
            className="flex items-start gap-2 rounded-lg border border-rose-200 bg-rose-50 px-3 py-2.5 text-sm text-rose-700 dark:border-rose-500/30 dark:bg-rose-500/10 dark:text-rose-300"
          >
            <AlertIcon className="mt-0.5 size-4 shrink-0" /> {message}
          </p>
        ) : null}
      </div>
      <div className="grid gap-1.5">
        <label
          htmlFor="username"
          className="text-sm font-medium text-slate-700 dark:text-slate-200"
        >
          {t("username")}
        </label>
        <input
          ref={userRef}
          id="username"
          name="username"
          autoComplete="username"
          required
          autoFocus
          aria-invalid={problem?.kind === "invalid" || undefined}
          className={inputClass}
        />
      </div>
      <div className="grid gap-1.5">
        <label
          htmlFor="password"
          className="text-sm font-medium text-slate-700 dark:text-slate-200"
        >
          {t("password")}
        </label>
        <PasswordField
          ref={passRef}
          id="password"
          name="password"
          autoComplete="current-password"
          required
          aria-invalid={problem?.kind === "invalid" || undefined}
          inputClassName={inputClass}
        />
      </div>
      {/* The primary Button's look, its classes merged ahead of time (./submit-class.ts). */}
      <button
        type="submit"
        disabled={busy || !hydrated}
        aria-busy={busy}
        className={loginSubmitClass}
      >
        {busy ? <SpinnerIcon /> : null}
        {busy ? t("busy") : t("submit")}
      </button>
    </form>
  );
}
