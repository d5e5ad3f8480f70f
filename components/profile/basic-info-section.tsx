"use client";

import { useTranslations } from "next-intl";
import { EmailVerificationField } from "./email-verification-field";
import { SUMMARY_MAX, type ProfileErrors, type ProfileForm } from "@/lib/profile/profile-form";
import { FieldError, fieldClass, Label, TextField } from "./ui";
import { SectionCard } from "@/components/ui/section-card";
import type { VerificationState } from "@/lib/profile/verification-machine";

type Props = {
  form: ProfileForm;
  errors: ProfileErrors;
  onChange: (patch: Partial<ProfileForm>) => void;
  onEmailChange: (email: string) => void;
  verification: VerificationState;
  onSendLink: () => void;
};

export function BasicInfoSection({
  form,
  errors,
  onChange,
  onEmailChange,
  verification,
  onSendLink,
}: Props) {
  const t = useTranslations("Profile");
  const required = t("requiredMark");
  const summaryOver = form.summary.length > SUMMARY_MAX;
  return (
    <SectionCard id="profile-basic" title={t("basicInfo")}>
      <div className="grid gap-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            id="profile-display-name"
            label={t("displayName")}
            required={required}
            autoComplete="name"
            value={form.displayName}
            onChange={(displayName) => onChange({ displayName })}
            error={errors.displayName ? t("displayNameRequired") : null}
          />
          <TextField
            id="profile-role"
            label={t("role")}
            required={required}
            autoComplete="organization-title"
            value={form.role}
            onChange={(role) => onChange({ role })}
            error={errors.role ? t("roleRequired") : null}
          />
        </div>
        <EmailVerificationField
          email={form.email}
          onEmailChange={onEmailChange}
          error={errors.email ? t("emailRequired") : undefined}
          verification={verification}
          onSend={onSendLink}
        />
        <div>
          <div className="flex items-end justify-between gap-2">
            <Label htmlFor="profile-summary">{t("summary")}</Label>
            <span
              id="profile-summary-count"
              className={`mb-1.5 text-xs tabular-nums ${summaryOver ? "text-red-600 dark:text-red-400" : "text-slate-500 dark:text-slate-400"}`}
            >
              <bdi>{t("summaryCounter", { count: form.summary.length, max: SUMMARY_MAX })}</bdi>
            </span>
          </div>
          <textarea
            id="profile-summary"
            rows={5}
            maxLength={SUMMARY_MAX}
            value={form.summary}
            placeholder={t("summaryPlaceholder")}
            onChange={(e) => onChange({ summary: e.target.value.slice(0, SUMMARY_MAX) })}
            aria-describedby="profile-summary-count"
            className={`${fieldClass} h-auto resize-y py-2 leading-relaxed`}
          />
          <FieldError id="profile-summary-error">
            {errors.summary ? t("summaryTooLong", { max: SUMMARY_MAX }) : null}
          </FieldError>
        </div>
      </div>
    </SectionCard>
  );
}
