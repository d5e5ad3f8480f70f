"use client";

import { useEffect, useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { CircleCheck, CircleX, Loader2, MailCheck } from "lucide-react";
import { apiClient } from "@/lib/client/api-client";
import { verifyCompleteResponseSchema } from "@/lib/email/schemas";
import { completeVerification, type VerifyOutcome } from "@/lib/email/verify-outcome";

export const REDIRECT_DELAY_MS = 1800;
export const PROFILE_AFTER_VERIFY = "/app/profile?verified=1";

type Phase = { state: "idle" } | { state: "verifying" } | VerifyOutcome;

// One request per token even if React runs the effect twice (Strict Mode) or the page
// re-mounts: a second POST of the same token would be refused as already used.
const inFlight = new Map<string, Promise<VerifyOutcome>>();

function verifyOnce(token: string | null) {
  const key = token ?? "";
  let promise = inFlight.get(key);
  if (!promise) {
    promise = completeVerification(token, (t) =>
      apiClient.post(
        "/api/auth/email/verify-complete",
        { token: t },
        { schema: verifyCompleteResponseSchema, credential: "none" },
      ),
    );
    inFlight.set(key, promise);
  }
  return promise;
}

const linkClass =
  "inline-flex h-10 items-center justify-center rounded-lg px-4 text-sm font-semibold";
const primary = `${linkClass} bg-brand-600 text-white shadow-sm hover:bg-brand-700`;
const secondary = `${linkClass} border border-slate-300 bg-white text-slate-700 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-200 dark:hover:bg-slate-700`;

/** Preparing... -> Verifying your link... -> success (redirect after 1.8 s) or error. */
export function VerifyEmailView({ token }: { token: string | null }) {
  const t = useTranslations("VerifyEmail");
  const router = useRouter();
  const [phase, setPhase] = useState<Phase>({ state: "idle" });

  useEffect(() => {
    let live = true;
    const start = setTimeout(() => {
      if (!live) return;
      setPhase(token ? { state: "verifying" } : { state: "idle" });
      void verifyOnce(token).then((outcome) => live && setPhase(outcome));
    }, 0);
    return () => {
      live = false;
      clearTimeout(start);
    };
  }, [token]);

  useEffect(() => {
    if (phase.state !== "success") return;
    const timer = setTimeout(() => router.replace(PROFILE_AFTER_VERIFY), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [phase.state, router]);

  const errorText = (o: Extract<VerifyOutcome, { state: "error" }>) =>
    o.reason === "server" ? o.message : t(o.reason);

  return (
    <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <div aria-live="polite" role="status" className="grid justify-items-center gap-3">
        {phase.state === "idle" || phase.state === "verifying" ? (
          <>
            <span
              aria-hidden
              className="grid size-14 place-items-center rounded-full bg-brand-50 text-brand-600 dark:bg-brand-500/15 dark:text-brand-100"
            >
              {phase.state === "idle" ? (
                <MailCheck className="size-7" />
              ) : (
                <Loader2 className="size-7 animate-spin" />
              )}
            </span>
            <h1 className="text-xl font-semibold text-slate-900 dark:text-white">{t("title")}</h1>
            <p className="text-sm text-slate-600 dark:text-slate-300">
              {phase.state === "idle" ? t("preparing") : t("verifying")}
            </p>
          </>
        ) : phase.state === "success" ? (
          <>
            <span
              aria-hidden
              className="grid size-14 place-items-center rounded-full bg-emerald-50 text-emerald-600 dark:bg-emerald-500/15 dark:text-emerald-300"
            >
              <CircleCheck className="size-7" />
            </span>
            <h1 className="text-xl font-semibold text-slate-900 dark:text-white">
              {t("successTitle")}
            </h1>
            <p className="text-sm text-slate-600 dark:text-slate-300">{t("success")}</p>
            <Link href={PROFILE_AFTER_VERIFY} replace className={`${primary} mt-3`}>
              {t("goToProfile")}
            </Link>
          </>
        ) : (
          <>
            <span
              aria-hidden
              className="grid size-14 place-items-center rounded-full bg-red-50 text-red-600 dark:bg-red-500/15 dark:text-red-300"
            >
              <CircleX className="size-7" />
            </span>
            <h1 className="text-xl font-semibold text-slate-900 dark:text-white">
              {t("errorTitle")}
            </h1>
            <p
              data-testid="verify-error"
              className="text-sm font-medium text-red-700 dark:text-red-300"
            >
              {errorText(phase)}
            </p>
            <p className="text-sm text-slate-500 dark:text-slate-400">{t("errorHint")}</p>
            <div className="mt-3 flex flex-wrap justify-center gap-3">
              <Link href="/login" className={secondary}>
                {t("login")}
              </Link>
              <Link href="/app/profile" className={primary}>
                {t("profile")}
              </Link>
            </div>
          </>
        )}
      </div>
    </div>
  );
}
