"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { KeyRound } from "lucide-react";
import { CURRENT_PASSWORD_MIN, NEW_PASSWORD_MIN } from "@/lib/profile/profile-form";
import { FieldError, fieldClass, Label, primaryButtonClass } from "./ui";
import { SectionCard } from "@/components/ui/section-card";

type Field = "current" | "next" | "confirm";
const fields: {
  name: Field;
  key: "currentPassword" | "newPassword" | "confirmPassword";
  min: number;
  autoComplete: string;
}[] = [
  {
    name: "current",
    key: "currentPassword",
    min: CURRENT_PASSWORD_MIN,
    autoComplete: "current-password",
  },
  { name: "next", key: "newPassword", min: NEW_PASSWORD_MIN, autoComplete: "new-password" },
  { name: "confirm", key: "confirmPassword", min: NEW_PASSWORD_MIN, autoComplete: "new-password" },
];
const empty = { current: "", next: "", confirm: "" };

/**
 * Spec: current at least 6, new and confirm at least 8, no match check; the change is only
 * simulated (nothing is sent, nothing is stored).
 */
export function SecuritySection({ onSimulated }: { onSimulated: () => void }) {
  const t = useTranslations("Profile");
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Partial<Record<Field, boolean>>>({});

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const found = Object.fromEntries(fields.map((f) => [f.name, values[f.name].length < f.min]));
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setValues(empty);
    onSimulated();
  }

  return (
    <SectionCard id="profile-security" title={t("security")}>
      <form noValidate onSubmit={submit} className="grid gap-4">
        {fields.map((f) => (
          <div key={f.name}>
            <Label htmlFor={`profile-password-${f.name}`}>{t(f.key)}</Label>
            <input
              id={`profile-password-${f.name}`}
              type="password"
              autoComplete={f.autoComplete}
              minLength={f.min}
              value={values[f.name]}
              onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.target.value }))}
              aria-invalid={errors[f.name] ? true : undefined}
              aria-describedby={`profile-password-${f.name}-error`}
              className={fieldClass}
            />
            <FieldError id={`profile-password-${f.name}-error`}>
              {errors[f.name] ? t(f.name === "current" ? "currentTooShort" : "newTooShort") : null}
            </FieldError>
          </div>
        ))}
        <div>
          <button type="submit" className={primaryButtonClass}>
            <KeyRound aria-hidden className="size-4" /> {t("changePassword")}
          </button>
        </div>
      </form>
    </SectionCard>
  );
}
