"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { Button, Checkbox, Field, Input } from "@/components/ui";
import {
  emptyStepUp,
  missingStepUp,
  StepUpFields,
  stepUpRefusal,
  useSecondFactorOn,
  type StepUpError,
  type StepUpValue,
} from "@/modules/account-security/components/step-up-fields";
import { useCreateApiKey } from "@/modules/integrations/hooks/use-integrations";
import { API_KEY_RESOURCES, type ApiKeyScope } from "@/modules/integrations/lib/api-key-schemas";

/**
 * A new key: its name and scopes, and the manager's current password (and a code when two-factor
 * sign-in is on), since the key acts for them. The answer's secret is shown once by the dialog.
 */
export function CreateKeyForm({ onCreated }: { onCreated: (secret: string) => void }) {
  const t = useTranslations("Integrations");
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<Set<ApiKeyScope>>(new Set(["calls:read"]));
  const [error, setError] = useState<{ field: "name" | "scopes" | "form"; text: string } | null>(
    null,
  );
  const needsCode = useSecondFactorOn();
  const [proof, setProof] = useState<StepUpValue>(emptyStepUp);
  const [proofError, setProofError] = useState<StepUpError | null>(null);
  const create = useCreateApiKey({
    onSuccess: ({ secret }) => {
      setName("");
      setProof(emptyStepUp);
      setError(null);
      onCreated(secret);
    },
    onError: (e) => {
      const refusal = stepUpRefusal(e);
      if (refusal) setProofError(refusal);
      else setError({ field: "form", text: t("createFailed") });
    },
  });
  const toggle = (scope: ApiKeyScope, on: boolean) =>
    setScopes((s) => {
      const next = new Set(s);
      if (on) next.add(scope);
      else next.delete(scope);
      return next;
    });
  return (
    <form
      className="grid gap-4 rounded-xl border border-line p-4"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!name.trim()) return setError({ field: "name", text: t("nameRequired") });
        if (scopes.size === 0) return setError({ field: "scopes", text: t("scopesRequired") });
        const missing = missingStepUp(proof, needsCode);
        setProofError(missing);
        if (!missing) {
          create.mutate({
            name: name.trim(),
            scopes: [...scopes],
            password: proof.password,
            ...(needsCode ? { code: proof.code } : {}),
          });
        }
      }}
    >
      <Field
        id="api-key-name"
        label={t("name")}
        error={error?.field === "name" ? error.text : undefined}
      >
        <Input
          value={name}
          maxLength={80}
          autoComplete="off"
          placeholder={t("namePlaceholder")}
          onChange={(e) => {
            setName(e.target.value);
            setError(null);
          }}
        />
      </Field>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium text-fg">{t("scopes")}</legend>
        <div className="grid gap-2">
          {API_KEY_RESOURCES.map(({ resource, scopes: available }) => (
            <div key={resource} className="flex flex-wrap items-center gap-x-6 gap-y-2">
              <span className="w-40 text-sm text-fg">{t(`resource_${resource}`)}</span>
              {available.map((scope) => (
                <Checkbox
                  key={scope}
                  id={`api-key-scope-${scope.replace(":", "-")}`}
                  data-testid={`scope-${scope}`}
                  aria-label={t(`scope_${scope}`)}
                  label={scope.endsWith(":read") ? t("read") : t("write")}
                  checked={scopes.has(scope)}
                  onCheckedChange={(v) => {
                    toggle(scope, v === true);
                    setError(null);
                  }}
                />
              ))}
            </div>
          ))}
        </div>
        {error?.field === "scopes" ? (
          <p role="alert" className="text-sm text-danger-text">
            {error.text}
          </p>
        ) : null}
      </fieldset>
      <StepUpFields
        idPrefix="api-key"
        value={proof}
        onChange={setProof}
        needsCode={needsCode}
        error={proofError}
      />
      {error?.field === "form" ? (
        <p role="alert" className="text-sm text-danger-text">
          {error.text}
        </p>
      ) : null}
      <div>
        <Button type="submit" disabled={create.isPending} data-testid="api-key-create">
          {create.isPending ? t("creating") : t("create")}
        </Button>
      </div>
    </form>
  );
}
