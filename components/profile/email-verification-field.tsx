"use client";

import { useTranslations } from "next-intl";
import { BadgeCheck, CircleAlert, Clock, Loader2, Send } from "lucide-react";
import {
  sendBlockedReason,
  type VerificationMessage,
  type VerificationState,
} from "@/lib/profile/verification-machine";
import { FieldError, fieldClass, Label, primaryButtonClass } from "./ui";

type Props = {
  email: string;
  onEmailChange: (email: string) => void;
  error?: string;
  verification: VerificationState;
  onSend: () => void;
};

const badgeStyles = {
  unverified:
    "bg-amber-50 text-amber-800 ring-amber-200 dark:bg-amber-500/10 dark:text-amber-200 dark:ring-amber-500/30",
  verifying:
    "bg-slate-100 text-slate-700 ring-slate-200 dark:bg-slate-800 dark:text-slate-200 dark:ring-slate-700",
  pending:
    "bg-brand-50 text-brand-700 ring-brand-100 dark:bg-brand-500/15 dark:text-brand-100 dark:ring-brand-500/30",
  verified:
    "bg-emerald-50 text-emerald-700 ring-emerald-200 dark:bg-emerald-500/10 dark:text-emerald-300 dark:ring-emerald-500/30",
} as const;
const badgeIcons = {
  unverified: CircleAlert,
  verifying: Loader2,
  pending: Clock,
  verified: BadgeCheck,
} as const;
const badgeKeys = {
  unverified: "statusUnverified",
  verifying: "statusVerifying",
  pending: "statusPending",
  verified: "statusVerified",
} as const;

function isProblem(message: VerificationMessage) {
  return message.kind !== "sent" && message.kind !== "verified";
}

/** Email input with the verification badge, Send Link (with its 60 s cooldown) and messages. */
export function EmailVerificationField({
  email,
  onEmailChange,
  error,
  verification,
  onSend,
}: Props) {
  const t = useTranslations("Profile");
  const { status, message, cooldown } = verification;
  const Icon = badgeIcons[status];
  const blocked = sendBlockedReason(verification, email);

  const messageText = (m: VerificationMessage) => {
    switch (m.kind) {
      case "sent":
        return t("msgSent");
      case "verified":
        return t("msgVerified");
      case "sessionExpired":
        return t("msgSessionExpired");
      case "sendFailed":
        return t("msgSendFailed", { status: m.status });
      case "unableToSend":
        return t("msgUnableToSend");
      case "notLoggedIn":
        return t("msgNotLoggedIn");
      case "loadingSession":
        return t("msgLoadingSession");
    }
  };

  const label =
    status === "verifying"
      ? t("sending")
      : cooldown > 0
        ? t("resendIn", { seconds: cooldown })
        : t("sendLink");

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Label htmlFor="profile-email" required={t("requiredMark")}>
          {t("email")}
        </Label>
        <span
          data-testid="verification-badge"
          data-status={status}
          className={`mb-1.5 inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${badgeStyles[status]}`}
        >
          <Icon
            aria-hidden
            className={`size-3.5 ${status === "verifying" ? "animate-spin" : ""}`}
          />
          {t(badgeKeys[status])}
        </span>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id="profile-email"
          type="email"
          dir="ltr"
          autoComplete="email"
          value={email}
          onChange={(e) => onEmailChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby="profile-email-error profile-email-status"
          className={`${fieldClass} rtl:text-end`}
        />
        {status !== "verified" ? (
          <button
            type="button"
            onClick={onSend}
            disabled={blocked !== null}
            className={`${primaryButtonClass} tabular-nums sm:min-w-36`}
          >
            {status === "verifying" ? (
              <Loader2 aria-hidden className="size-4 animate-spin" />
            ) : (
              <Send aria-hidden className="size-4 rtl:-scale-x-100" />
            )}
            {label}
          </button>
        ) : null}
      </div>
      <FieldError id="profile-email-error">{error}</FieldError>
      <p
        id="profile-email-status"
        role="status"
        aria-live="polite"
        className={`mt-1.5 min-h-5 text-sm ${
          !message
            ? ""
            : isProblem(message)
              ? "text-red-600 dark:text-red-400"
              : message.kind === "verified"
                ? "font-medium text-emerald-700 dark:text-emerald-300"
                : "text-slate-600 dark:text-slate-300"
        }`}
      >
        {message ? messageText(message) : null}
      </p>
    </div>
  );
}
