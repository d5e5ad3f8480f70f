"use client";

import { useState } from "react";
import { useFormatter, useTranslations } from "next-intl";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ExternalLink, KeyRound } from "lucide-react";
import {
  Badge,
  Button,
  Checkbox,
  DialogButton,
  Field,
  Input,
  ListError,
  ListLoading,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
  toast,
} from "@/components/ui";
import { apiClient } from "@/lib/client/api-client";
import {
  API_KEY_RESOURCES,
  apiKeyCreatedResponseSchema,
  apiKeyRevokedResponseSchema,
  apiKeysResponseSchema,
  type ApiKeyDto,
  type ApiKeyScope,
} from "@/modules/integrations/lib/api-key-schemas";
import { ShownOnce } from "./shown-once";

const keysKey = ["integrations", "api-keys"] as const;
export const OPENAPI_URL = "/api/v1/openapi.json";

/**
 * Settings' API keys (issue 33), for managers: the team's keys (prefix, name, scopes, created,
 * last used, revoke), a create form whose answer shows the secret once with a copy button, and
 * the link to the generated API reference. The server decides who may; reps never see it.
 */
export function ApiKeysDialog() {
  const t = useTranslations("Integrations");
  const settings = useTranslations("Settings");
  return (
    <DialogButton
      icon={KeyRound}
      label={settings("generateApiKey")}
      testId="api-keys-open"
      title={t("apiKeysTitle")}
      description={t("apiKeysHint")}
      className="max-w-3xl"
    >
      {() => <ApiKeys />}
    </DialogButton>
  );
}

function ApiKeys() {
  const t = useTranslations("Integrations");
  const queryClient = useQueryClient();
  const [secret, setSecret] = useState<string | null>(null);
  const list = useQuery({
    queryKey: keysKey,
    queryFn: ({ signal }) =>
      apiClient.get("/api/integrations/api-keys", {
        schema: apiKeysResponseSchema,
        credential: "rep",
        signal,
      }),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: keysKey });
  return (
    <div className="grid gap-5">
      <a
        href={OPENAPI_URL}
        target="_blank"
        rel="noreferrer"
        className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline"
        data-testid="api-reference-link"
      >
        {t("reference")} <ExternalLink aria-hidden className="size-3.5" />
      </a>
      {secret ? (
        <ShownOnce
          secret={secret}
          title={t("secretTitle")}
          hint={t("secretHint")}
          testId="api-key"
          onDone={() => setSecret(null)}
        />
      ) : (
        <CreateKeyForm
          onCreated={(s) => {
            setSecret(s);
            void refresh();
          }}
        />
      )}
      <h3 className="text-sm font-semibold text-fg">{t("keys")}</h3>
      {list.isPending ? (
        <ListLoading label={t("loading")} testId="api-keys-loading" />
      ) : list.isError ? (
        <ListError
          message={t("loadFailed")}
          retryLabel={t("retry")}
          onRetry={() => void list.refetch()}
          testId="api-keys-error"
        />
      ) : list.data.keys.length === 0 ? (
        <p className="text-sm text-fg-muted">{t("noKeys")}</p>
      ) : (
        <KeyTable keys={list.data.keys} onRevoked={refresh} />
      )}
    </div>
  );
}

function CreateKeyForm({ onCreated }: { onCreated: (secret: string) => void }) {
  const t = useTranslations("Integrations");
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<Set<ApiKeyScope>>(new Set(["calls:read"]));
  const [error, setError] = useState<{ field: "name" | "scopes" | "form"; text: string } | null>(
    null,
  );
  const create = useMutation({
    mutationFn: () =>
      apiClient.post(
        "/api/integrations/api-keys",
        { name: name.trim(), scopes: [...scopes] },
        { schema: apiKeyCreatedResponseSchema, credential: "rep" },
      ),
    onSuccess: ({ secret }) => {
      setName("");
      setError(null);
      onCreated(secret);
    },
    onError: () => setError({ field: "form", text: t("createFailed") }),
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
        create.mutate();
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

function KeyTable({ keys, onRevoked }: { keys: ApiKeyDto[]; onRevoked: () => unknown }) {
  const t = useTranslations("Integrations");
  const format = useFormatter();
  const revoke = useMutation({
    mutationFn: (id: string) =>
      apiClient.delete(`/api/integrations/api-keys/${id}`, {
        schema: apiKeyRevokedResponseSchema,
        credential: "rep",
      }),
    onSuccess: () => {
      toast.success(t("revokedToast"));
      void onRevoked();
    },
    onError: () => toast.error(t("revokeFailed")),
  });
  const when = (iso: string) => (
    <time dateTime={iso}>
      {format.dateTime(new Date(iso), { dateStyle: "medium", timeStyle: "short" })}
    </time>
  );
  return (
    <Table caption={t("keys")}>
      <TableHead>
        <TableRow>
          <TableHeaderCell>{t("name")}</TableHeaderCell>
          <TableHeaderCell>{t("prefix")}</TableHeaderCell>
          <TableHeaderCell>{t("scopes")}</TableHeaderCell>
          <TableHeaderCell>{t("created")}</TableHeaderCell>
          <TableHeaderCell>{t("lastUsed")}</TableHeaderCell>
          <TableHeaderCell>
            <span className="sr-only">{t("actions")}</span>
          </TableHeaderCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {keys.map((k) => (
          <TableRow key={k.id} data-testid="api-key-row" data-prefix={k.prefix}>
            <TableCell>{k.name}</TableCell>
            <TableCell>
              <code dir="ltr" className="font-mono text-xs">
                {k.prefix}…
              </code>
            </TableCell>
            <TableCell>
              <div className="flex flex-wrap gap-1">
                {k.scopes.map((s) => (
                  <Badge key={s} tone="neutral">
                    {t(`scope_${s}`)}
                  </Badge>
                ))}
              </div>
            </TableCell>
            <TableCell>{when(k.createdAt)}</TableCell>
            <TableCell>{k.lastUsedAt ? when(k.lastUsedAt) : t("never")}</TableCell>
            <TableCell className="text-end">
              {k.revokedAt ? (
                <Badge tone="neutral">{t("revoked")}</Badge>
              ) : (
                <Button
                  size="sm"
                  variant="ghost"
                  data-testid="api-key-revoke"
                  disabled={revoke.isPending}
                  onClick={() => {
                    if (window.confirm(t("confirmRevoke", { name: k.name }))) revoke.mutate(k.id);
                  }}
                >
                  {t("revoke")}
                </Button>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
