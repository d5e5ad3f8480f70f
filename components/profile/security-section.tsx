"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { KeyRound } from "lucide-react";
import { CURRENT_PASSWORD_MIN, NEW_PASSWORD_MIN } from "@/lib/profile/profile-form";
import { Button, Field as FormField, Input, SectionCard } from "@/components/ui";

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
          <FormField
            key={f.name}
            id={`profile-password-${f.name}`}
            label={t(f.key)}
            error={
              errors[f.name] ? t(f.name === "current" ? "currentTooShort" : "newTooShort") : null
            }
          >
            <Input
              type="password"
              autoComplete={f.autoComplete}
              minLength={f.min}
              value={values[f.name]}
              onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.target.value }))}
            />
          </FormField>
        ))}
        <div>
          <Button type="submit">
            <KeyRound aria-hidden /> {t("changePassword")}
          </Button>
        </div>
      </form>
    </SectionCard>
  );
}
