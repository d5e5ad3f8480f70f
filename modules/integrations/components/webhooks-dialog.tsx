"use client";

import { useState } from "react";
import { useFormatter, useTranslations } from "next-intl";
import { Webhook } from "lucide-react";
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
import {
  useCreateWebhook,
  useDeleteWebhook,
  useRefreshWebhookDeliveries,
  useRefreshWebhooks,
  useReplayWebhookDelivery,
  useResumeWebhook,
  useWebhookDeliveries,
  useWebhooks,
} from "@/modules/integrations/hooks/use-integrations";
import { webhookRefusal } from "@/modules/integrations/lib/webhooks/refusal";
import {
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_EVENTS,
  type WebhookEndpointDto,
  type WebhookEvent,
} from "@/modules/integrations/lib/webhooks/schemas";
import { ShownOnce } from "./shown-once";

/**
 * Settings' Webhook Settings, for managers: register https endpoints for events (the
 * signing secret shown once), see each one's status (a paused one says why and resumes), its
 * delivery log with replay, and delete it. The server decides who may; reps never see it.
 */
export function WebhooksDialog() {
  const t = useTranslations("Integrations");
  const settings = useTranslations("Settings");
  return (
    <DialogButton
      icon={Webhook}
      label={settings("webhookSettings")}
      testId="webhooks-open"
      title={t("webhooksTitle")}
      description={t("webhooksHint")}
      className="max-w-3xl"
    >
      {() => <Webhooks />}
    </DialogButton>
  );
}

function Webhooks() {
  const t = useTranslations("Integrations");
  const [secret, setSecret] = useState<string | null>(null);
  const list = useWebhooks();
  const refresh = useRefreshWebhooks();
  return (
    <div className="grid gap-5">
      {secret ? (
        <ShownOnce
          secret={secret}
          title={t("webhookSecretTitle")}
          hint={t("webhookSecretHint")}
          testId="webhook"
          onDone={() => setSecret(null)}
        />
      ) : (
        <RegisterForm
          onCreated={(s) => {
            setSecret(s);
            void refresh();
          }}
        />
      )}
      <h3 className="text-sm font-semibold text-fg">{t("endpoints")}</h3>
      {list.isPending ? (
        <ListLoading label={t("loadingEndpoints")} testId="webhooks-loading" />
      ) : list.isError ? (
        <ListError
          message={t("loadFailed")}
          retryLabel={t("retry")}
          onRetry={() => void list.refetch()}
          testId="webhooks-error"
        />
      ) : list.data.endpoints.length === 0 ? (
        <p className="text-sm text-fg-muted">{t("noEndpoints")}</p>
      ) : (
        <ul className="grid gap-3">
          {list.data.endpoints.map((e) => (
            <EndpointCard key={e.id} endpoint={e} onChanged={refresh} />
          ))}
        </ul>
      )}
    </div>
  );
}

function RegisterForm({ onCreated }: { onCreated: (secret: string) => void }) {
  const t = useTranslations("Integrations");
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<Set<WebhookEvent>>(new Set(["call.completed"]));
  const [error, setError] = useState<{ field: "url" | "events" | "form"; text: string } | null>(
    null,
  );
  const create = useCreateWebhook({
    onSuccess: ({ secret }) => {
      setUrl("");
      setError(null);
      onCreated(secret);
    },
    onError: (error) => {
      const { field, key } = webhookRefusal(error);
      setError({ field, text: t(key, { max: WEBHOOK_ENDPOINTS_MAX }) });
    },
  });
  return (
    <form
      className="grid gap-4 rounded-xl border border-line p-4"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!/^https?:\/\/\S+$/.test(url.trim())) {
          return setError({ field: "url", text: t("urlInvalid") });
        }
        if (events.size === 0) return setError({ field: "events", text: t("eventsRequired") });
        create.mutate({ url: url.trim(), events: [...events] });
      }}
    >
      <Field
        id="webhook-url"
        label={t("url")}
        error={error?.field === "url" ? error.text : undefined}
      >
        <Input
          type="url"
          dir="ltr"
          value={url}
          maxLength={2000}
          autoComplete="off"
          placeholder="https://crm.example.com/dialflow"
          onChange={(e) => {
            setUrl(e.target.value);
            setError(null);
          }}
        />
      </Field>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium text-fg">{t("events")}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {WEBHOOK_EVENTS.map((event) => (
            <Checkbox
              key={event}
              id={`webhook-event-${event.replace(/[._]/g, "-")}`}
              label={t(`event_${event}`)}
              checked={events.has(event)}
              onCheckedChange={(v) => {
                setEvents((s) => {
                  const next = new Set(s);
                  if (v === true) next.add(event);
                  else next.delete(event);
                  return next;
                });
                setError(null);
              }}
            />
          ))}
        </div>
        {error?.field === "events" ? (
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
        <Button type="submit" disabled={create.isPending} data-testid="webhook-register">
          {create.isPending ? t("registering") : t("register")}
        </Button>
      </div>
    </form>
  );
}

function EndpointCard({
  endpoint,
  onChanged,
}: {
  endpoint: WebhookEndpointDto;
  onChanged: () => unknown;
}) {
  const t = useTranslations("Integrations");
  const format = useFormatter();
  const [showLog, setShowLog] = useState(false);
  const resume = useResumeWebhook(endpoint.id, {
    onSuccess: () => {
      toast.success(t("resumed"));
      void onChanged();
    },
    onError: () => toast.error(t("actionFailed")),
  });
  const remove = useDeleteWebhook(endpoint.id, {
    onSuccess: () => {
      toast.success(t("deleted"));
      void onChanged();
    },
    onError: () => toast.error(t("actionFailed")),
  });
  const paused = endpoint.status === "paused";
  return (
    <li
      className="grid gap-3 rounded-xl border border-line p-4"
      data-testid="webhook-endpoint"
      data-url={endpoint.url}
    >
      <div className="flex flex-wrap items-center gap-2">
        <code dir="ltr" className="min-w-0 flex-1 truncate font-mono text-sm text-fg">
          {endpoint.url}
        </code>
        <Badge tone={paused ? "warning" : "success"}>{t(`status_${endpoint.status}`)}</Badge>
      </div>
      <div className="flex flex-wrap gap-1">
        {endpoint.events.map((e) => (
          <Badge key={e} tone="neutral">
            {t(`event_${e}`)}
          </Badge>
        ))}
      </div>
      {paused && endpoint.pausedAt ? (
        <p role="status" className="text-sm text-warning-soft-fg">
          {t("pausedNotice", {
            when: format.dateTime(new Date(endpoint.pausedAt), {
              dateStyle: "medium",
              timeStyle: "short",
            }),
            reason: endpoint.pausedReason ?? "",
          })}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" onClick={() => setShowLog((s) => !s)}>
          {showLog ? t("hideDeliveries") : t("showDeliveries")}
        </Button>
        {paused ? (
          <Button size="sm" disabled={resume.isPending} onClick={() => resume.mutate()}>
            {t("resume")}
          </Button>
        ) : null}
        <Button
          size="sm"
          variant="ghost"
          disabled={remove.isPending}
          onClick={() => {
            if (window.confirm(t("confirmDelete", { url: endpoint.url }))) remove.mutate();
          }}
        >
          {t("delete")}
        </Button>
      </div>
      {showLog ? <DeliveryLog endpointId={endpoint.id} /> : null}
    </li>
  );
}

function DeliveryLog({ endpointId }: { endpointId: string }) {
  const t = useTranslations("Integrations");
  const format = useFormatter();
  const log = useWebhookDeliveries(endpointId);
  const refreshLog = useRefreshWebhookDeliveries(endpointId);
  const replay = useReplayWebhookDelivery(endpointId, {
    onSuccess: () => {
      toast.success(t("replayed"));
      void refreshLog();
    },
    onError: () => toast.error(t("actionFailed")),
  });
  if (log.isPending) return <ListLoading label={t("loading")} testId="webhook-log-loading" />;
  if (log.isError) {
    return (
      <ListError
        message={t("loadFailed")}
        retryLabel={t("retry")}
        onRetry={() => void log.refetch()}
        testId="webhook-log-error"
      />
    );
  }
  if (log.data.deliveries.length === 0) {
    return <p className="text-sm text-fg-muted">{t("noDeliveries")}</p>;
  }
  return (
    <Table caption={t("deliveries")}>
      <TableHead>
        <TableRow>
          <TableHeaderCell>{t("event")}</TableHeaderCell>
          <TableHeaderCell>{t("created")}</TableHeaderCell>
          <TableHeaderCell>{t("result")}</TableHeaderCell>
          <TableHeaderCell>{t("attempts")}</TableHeaderCell>
          <TableHeaderCell>
            <span className="sr-only">{t("actions")}</span>
          </TableHeaderCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {log.data.deliveries.map((d) => (
          <TableRow key={d.id} data-testid="webhook-delivery" data-status={d.status}>
            <TableCell>{t(`event_${d.event}`)}</TableCell>
            <TableCell>
              <time dateTime={d.createdAt}>
                {format.dateTime(new Date(d.createdAt), { dateStyle: "short", timeStyle: "short" })}
              </time>
            </TableCell>
            <TableCell>
              <div className="grid gap-0.5">
                <Badge
                  tone={
                    d.status === "delivered"
                      ? "success"
                      : d.status === "failed"
                        ? "danger"
                        : "neutral"
                  }
                >
                  {t(`delivery_${d.status}`)}
                </Badge>
                {d.lastError || d.lastStatusCode ? (
                  <span dir="ltr" className="text-xs text-fg-muted">
                    {d.lastError ?? `HTTP ${d.lastStatusCode}`}
                  </span>
                ) : null}
              </div>
            </TableCell>
            <TableCell>{d.attempts}</TableCell>
            <TableCell className="text-end">
              <Button
                size="sm"
                variant="ghost"
                disabled={replay.isPending}
                onClick={() => replay.mutate(d.id)}
              >
                {t("replay")}
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
