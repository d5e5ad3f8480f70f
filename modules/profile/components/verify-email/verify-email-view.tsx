"use client";

import { useEffect } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { CircleCheck, CircleX, Loader2, MailCheck } from "lucide-react";
import { buttonVariants, IconBadge } from "@/components/ui";
import type { VerifyOutcome } from "@/lib/email/verify-outcome";
import { useEmailLinkVerification } from "@/modules/profile/hooks/use-verify-email";

export const REDIRECT_DELAY_MS = 1800;
export const PROFILE_AFTER_VERIFY = "/app/profile?verified=1";

const primary = buttonVariants({ variant: "primary" });
const secondary = buttonVariants({ variant: "secondary" });

/** Preparing... -> Verifying your link... -> success (redirect after 1.8 s) or error. */
export function VerifyEmailView({ token }: { token: string | null }) {
  const t = useTranslations("VerifyEmail");
  const router = useRouter();
  const phase = useEmailLinkVerification(token);

  useEffect(() => {
    if (phase.state !== "success") return;
    const timer = setTimeout(() => router.replace(PROFILE_AFTER_VERIFY), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [phase.state, router]);

  const errorText = (o: Extract<VerifyOutcome, { state: "error" }>) =>
    o.reason === "server" ? o.message : t(o.reason);

  return (
    <div className="w-full max-w-md rounded-2xl border border-line bg-surface p-8 text-center shadow-sm">
      <div aria-live="polite" role="status" className="grid justify-items-center gap-3">
        {phase.state === "idle" || phase.state === "verifying" ? (
          <>
            <IconBadge
              icon={phase.state === "idle" ? MailCheck : Loader2}
              size="xl"
              iconClassName={
                phase.state === "idle" ? undefined : "animate-spin motion-reduce:animate-none"
              }
            />
            <h1 className="text-xl font-semibold text-fg">{t("title")}</h1>
            <p className="text-sm text-fg-muted">
              {phase.state === "idle" ? t("preparing") : t("verifying")}
            </p>
          </>
        ) : phase.state === "success" ? (
          <>
            <IconBadge icon={CircleCheck} tone="success" size="xl" />
            <h1 className="text-xl font-semibold text-fg">{t("successTitle")}</h1>
            <p className="text-sm text-fg-muted">{t("success")}</p>
            <Link href={PROFILE_AFTER_VERIFY} replace className={`${primary} mt-3`}>
              {t("goToProfile")}
            </Link>
          </>
        ) : (
          <>
            <IconBadge icon={CircleX} tone="danger" size="xl" />
            <h1 className="text-xl font-semibold text-fg">{t("errorTitle")}</h1>
            <p data-testid="verify-error" className="text-sm font-medium text-danger-text">
              {errorText(phase)}
            </p>
            <p className="text-sm text-fg-muted">{t("errorHint")}</p>
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
