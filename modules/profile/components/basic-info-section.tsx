"use client";

import { useTranslations } from "next-intl";
import { Field, Input, SectionCard, Textarea } from "@/components/ui";
import { EmailVerificationField } from "./email-verification-field";
import {
  SUMMARY_MAX,
  type ProfileErrors,
  type ProfileForm,
} from "@/modules/profile/lib/profile-form";
import type { VerificationState } from "@/modules/profile/lib/verification-machine";
import type { EmailStepUp } from "@/modules/profile/hooks/use-email-verification";

type Props = {
  form: ProfileForm;
  errors: ProfileErrors;
  onChange: (patch: Partial<ProfileForm>) => void;
  onEmailChange: (email: string) => void;
  verification: VerificationState;
  onSendLink: () => void;
  emailStepUp: EmailStepUp;
};

export function BasicInfoSection({
  form,
  errors,
  onChange,
  onEmailChange,
  verification,
  onSendLink,
  emailStepUp,
}: Props) {
  const t = useTranslations("Profile");
  const required = t("requiredMark");
  return (
    <SectionCard id="profile-basic" title={t("basicInfo")}>
      <div className="grid gap-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <Field
            id="profile-display-name"
            label={t("displayName")}
            required={required}
            error={errors.displayName ? t("displayNameRequired") : null}
          >
            <Input
              autoComplete="name"
              value={form.displayName}
              onChange={(e) => onChange({ displayName: e.target.value })}
            />
          </Field>
          <Field
            id="profile-role"
            label={t("role")}
            required={required}
            error={errors.role ? t("roleRequired") : null}
          >
            <Input
              autoComplete="organization-title"
              value={form.role}
              onChange={(e) => onChange({ role: e.target.value })}
            />
          </Field>
        </div>
        <EmailVerificationField
          email={form.email}
          onEmailChange={onEmailChange}
          error={errors.email ? t("emailRequired") : undefined}
          verification={verification}
          onSend={onSendLink}
          stepUp={emailStepUp}
        />
        <Field
          id="profile-summary"
          label={t("summary")}
          counter={{ value: form.summary.length, max: SUMMARY_MAX }}
          error={errors.summary ? t("summaryTooLong", { max: SUMMARY_MAX }) : null}
        >
          <Textarea
            rows={5}
            maxLength={SUMMARY_MAX}
            value={form.summary}
            placeholder={t("summaryPlaceholder")}
            onChange={(e) => onChange({ summary: e.target.value.slice(0, SUMMARY_MAX) })}
            className="resize-y"
          />
        </Field>
      </div>
    </SectionCard>
  );
}
