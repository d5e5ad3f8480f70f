"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { KeyRound } from "lucide-react";
import { Button } from "@/components/ui";
import {
  useRenewRecoveryCodes,
  type TwoFactorAudience,
} from "@/modules/account-security/hooks/use-account-security";
import { RecoveryCodesView } from "./recovery-codes-view";
import {
  emptyStepUp,
  missingStepUp,
  StepUpFields,
  stepUpRefusal,
  type StepUpError,
  type StepUpValue,
} from "./step-up-fields";

/**
 * Ten new recovery codes in place of the old ones (lost, used up, or seen by someone), for the
 * password and a current code; shown once like the first ones.
 */
export function NewRecoveryCodes({
  idPrefix,
  audience,
  onChanged,
}: {
  idPrefix: string;
  audience: TwoFactorAudience;
  onChanged: () => void;
}) {
  const t = useTranslations("AccountSecurity");
  const [open, setOpen] = useState(false);
  const [proof, setProof] = useState<StepUpValue>(emptyStepUp);
  const [error, setError] = useState<StepUpError | "tfFailed" | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const renew = useRenewRecoveryCodes(audience, {
    onSuccess: (res) => {
      setCodes(res.recoveryCodes);
      setProof(emptyStepUp);
      setOpen(false);
      onChanged();
    },
    onError: (e) => setError(stepUpRefusal(e) ?? "tfFailed"),
  });

  if (codes) {
    return (
      <RecoveryCodesView
        idPrefix={`${idPrefix}-new`}
        codes={codes}
        heading={t("tfNewCodesReady")}
        onDone={() => setCodes(null)}
      />
    );
  }
  if (!open) {
    return (
      <div>
        <Button variant="secondary" onClick={() => setOpen(true)}>
          <KeyRound aria-hidden /> {t("tfNewCodes")}
        </Button>
      </div>
    );
  }
  const stepUpError = error === "tfFailed" ? null : error;
  return (
    <form
      noValidate
      className="grid gap-3 rounded-lg border border-line p-3"
      data-testid={`${idPrefix}-new-codes`}
      onSubmit={(e) => {
        e.preventDefault();
        const missing = missingStepUp(proof, true);
        setError(missing);
        if (!missing) renew.mutate(proof);
      }}
    >
      <p className="text-sm text-fg-muted">{t("tfNewCodesHint")}</p>
      <StepUpFields
        idPrefix={`${idPrefix}-new-codes`}
        value={proof}
        onChange={setProof}
        needsCode
        error={stepUpError}
      />
      {error === "tfFailed" ? (
        <p role="alert" className="text-sm text-danger-text">
          {t("tfFailed")}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={renew.isPending}>
          {t("tfNewCodesSubmit")}
        </Button>
        <Button
          type="button"
          variant="secondary"
          onClick={() => {
            setOpen(false);
            setError(null);
            setProof(emptyStepUp);
          }}
        >
          {t("cancel")}
        </Button>
      </div>
    </form>
  );
}
