"use client";

import { useTranslations } from "next-intl";
import { BadgeCheck, CircleAlert, Clock, Loader2, Send } from "lucide-react";
import { Badge, Button, Field, Input, Spinner } from "@/components/ui";
import { cn } from "@/lib/ui/cn";
import {
  sendBlockedReason,
  type VerificationMessage,
  type VerificationState,
} from "@/modules/profile/lib/verification-machine";
import { StepUpFields } from "@/modules/account-security/components/step-up-fields";
import type { EmailStepUp } from "@/modules/profile/hooks/use-email-verification";

type Props = {
  /** A new address asks for the current password (and a code) under the field. */
  stepUp: EmailStepUp;
  email: string;
  onEmailChange: (email: string) => void;
  error?: string;
  verification: VerificationState;
  onSend: () => void;
};

const badgeTones = {
  unverified: "warning",
  verifying: "neutral",
  pending: "brand",
  verified: "success",
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
  stepUp,
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
    <div className="grid gap-1.5">
      <Field
        id="profile-email"
        label={t("email")}
        required={t("requiredMark")}
        error={error}
        labelAside={
          <Badge tone={badgeTones[status]} data-testid="verification-badge" data-status={status}>
            <Icon aria-hidden className={status === "verifying" ? "animate-spin" : undefined} />
            {t(badgeKeys[status])}
          </Badge>
        }
      >
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            type="email"
            dir="ltr"
            autoComplete="email"
            value={email}
            onChange={(e) => onEmailChange(e.target.value)}
            aria-describedby="profile-email-status"
            className="rtl:text-end"
          />
          {status !== "verified" ? (
            <Button
              onClick={onSend}
              disabled={blocked !== null}
              className="tabular-nums sm:min-w-36"
            >
              {status === "verifying" ? (
                <Spinner />
              ) : (
                <Send aria-hidden className="rtl:-scale-x-100" />
              )}
              {label}
            </Button>
          ) : null}
        </div>
      </Field>
      {stepUp.needed ? (
        <StepUpFields
          idPrefix="profile-email"
          value={stepUp.value}
          onChange={stepUp.onChange}
          needsCode={stepUp.needsCode}
          error={stepUp.error}
        />
      ) : null}
      <p
        id="profile-email-status"
        role="status"
        aria-live="polite"
        className={cn(
          "min-h-5 text-sm",
          message && isProblem(message) && "text-danger-text",
          message?.kind === "verified" && "font-medium text-success-soft-fg",
          message?.kind === "sent" && "text-fg-muted",
        )}
      >
        {/* A step-up refusal is told by its own field, not as a failed send. */}
        {message && !(stepUp.error && message.kind === "sendFailed") ? messageText(message) : null}
      </p>
    </div>
  );
}
