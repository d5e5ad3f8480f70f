"use client";

import { useTranslations } from "next-intl";
import { Badge, Button, Field, Input } from "@/components/ui";
import type { OperatorLine } from "@/modules/telephony/lib/schemas";

/**
 * The write-only shared secret: a stored one is never shown, only its state, until the operator
 * chooses to replace it (and may then go back to keeping it).
 */
export function SecretField({
  ids,
  line,
  secret,
  replacing,
  onSecret,
  onReplace,
  onKeep,
  error,
}: {
  ids: string;
  line: OperatorLine | null;
  secret: string;
  replacing: boolean;
  onSecret: (secret: string) => void;
  onReplace: () => void;
  onKeep: () => void;
  error: string | undefined;
}) {
  const t = useTranslations("Admin.telephony");
  const secretBadge = !line ? (
    <Badge tone="neutral">{t("secretState.none")}</Badge>
  ) : line.secretState === "set" ? (
    <Badge tone="success">{t("secretState.set")}</Badge>
  ) : (
    <Badge tone="warning">{t("secretState.unreadable")}</Badge>
  );

  return (
    <div className="grid grid-cols-1 gap-2">
      {replacing ? (
        <Field
          id={`${ids}-secret`}
          label={t("secret")}
          labelAside={secretBadge}
          hint={t("secretHint")}
          error={error}
          required={line ? undefined : t("required")}
        >
          <Input
            type="password"
            autoComplete="new-password"
            spellCheck={false}
            value={secret}
            onChange={(e) => onSecret(e.target.value)}
          />
        </Field>
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <span className="text-sm font-medium text-fg">{t("secret")}</span>
          <span data-testid="telephony-secret-state">{secretBadge}</span>
          <Button size="sm" variant="secondary" onClick={onReplace}>
            {t("secretReplace")}
          </Button>
        </div>
      )}
      {replacing && line ? (
        <div>
          <Button size="sm" variant="ghost" onClick={onKeep}>
            {t("secretKeep")}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
