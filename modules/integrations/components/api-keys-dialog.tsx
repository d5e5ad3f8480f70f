"use client";

import { useState } from "react";
import { useFormatter, useTranslations } from "next-intl";
import { ExternalLink, KeyRound } from "lucide-react";
import {
  Badge,
  Button,
  DialogButton,
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
import {
  useApiKeys,
  useRefreshApiKeys,
  useRevokeApiKey,
} from "@/modules/integrations/hooks/use-integrations";
import type { ApiKeyDto } from "@/modules/integrations/lib/api-key-schemas";
import { CreateKeyForm } from "./create-key-form";
import { ShownOnce } from "./shown-once";

export const OPENAPI_URL = "/api/v1/openapi.json";

/**
 * Settings' API keys, for managers: the team's keys (prefix, name, scopes, created,
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
  const [secret, setSecret] = useState<string | null>(null);
  const list = useApiKeys();
  const refresh = useRefreshApiKeys();
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

function KeyTable({ keys, onRevoked }: { keys: ApiKeyDto[]; onRevoked: () => unknown }) {
  const t = useTranslations("Integrations");
  const format = useFormatter();
  const revoke = useRevokeApiKey({
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
