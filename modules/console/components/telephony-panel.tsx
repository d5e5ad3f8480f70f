"use client";

import { useOpsFormat } from "./use-ops-format";

import { useEffect, useId, useRef, useState } from "react";
import { useFormatter, useTranslations } from "next-intl";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Activity, Plus, Save, Trash2, X } from "lucide-react";
import { Badge, Button, Field, IconButton, Input, NativeSelect, Spinner } from "@/components/ui";
import { apiClient, ApiClientError } from "@/lib/client/api-client";
import {
  credentialModes,
  dtmfModes,
  ICE_SERVERS_MAX,
  SECRET_MAX,
  SECRET_MIN,
  type LineError,
} from "@/modules/telephony/lib/line-rules";
import {
  bodyOf,
  checkDraft,
  draftOf,
  emptyIceServer,
  type LineDraft,
} from "@/modules/telephony/lib/panel-draft";
import {
  lineRemovedResponseSchema,
  lineTestResultSchema,
  telephonyOrganizationResponseSchema,
  telephonyOverviewSchema,
  type LineTestResult,
  type TelephonyOrganization,
} from "@/modules/telephony/lib/schemas";
import { CallerIdPool } from "./caller-id-pool";
import { LineSafetyView } from "./line-safety-view";
import { Facts, Panel, QueryBody, ResultLine } from "./panel";
import { failureText, opsKeys, opsPost, useOpsQuery } from "./use-ops";

// The console's Telephony panel: pick an organization, edit its line (checked as
// typed, by the rules the server applies), enter or replace the write-only secret, save, remove,
// and test the saved line from the server.

const url = (id: string) => `/api/admin/telephony/${id}`;

export function TelephonyPanel() {
  const t = useTranslations("Admin.telephony");
  const overview = useOpsQuery("telephony", "/api/admin/telephony", telephonyOverviewSchema);
  const [selected, setSelected] = useState<string | null>(null);
  // Kept here: a save or removal reloads the list, which starts the form afresh below.
  const [notice, setNotice] = useState<Notice | null>(null);
  const [testResult, setTestResult] = useState<LineTestResult | null>(null);
  const selectId = useId();

  return (
    <Panel
      id="panel-telephony"
      title={t("title")}
      className="lg:col-span-2 2xl:col-span-3"
      onRefresh={() => void overview.refetch()}
      refreshing={overview.isFetching}
    >
      <p className="mb-3 text-sm text-fg-muted">{t("hint")}</p>
      <QueryBody query={overview}>
        {(data) => {
          if (data.organizations.length === 0) {
            return <p className="text-sm text-fg-muted">{t("empty")}</p>;
          }
          const org = data.organizations.find((o) => o.id === selected) ?? data.organizations[0]!;
          return (
            <div className="grid grid-cols-1 gap-4">
              {data.encryption.source === "missing" ? (
                <p
                  role="alert"
                  className="rounded-lg bg-warning-soft px-3 py-2 text-sm text-warning-soft-fg"
                >
                  {t("keyMissing")}
                </p>
              ) : null}
              <Field id={selectId} label={t("organization")} className="max-w-md">
                <NativeSelect
                  value={org.id}
                  onChange={(e) => {
                    setSelected(e.target.value);
                    setNotice(null);
                    setTestResult(null);
                  }}
                  data-testid="telephony-org"
                >
                  {data.organizations.map((o) => (
                    <option key={o.id} value={o.id}>
                      {t(o.line ? "withLine" : "withoutLine", { name: o.name })}
                    </option>
                  ))}
                </NativeSelect>
              </Field>
              {data.truncated ? (
                <p className="text-sm text-fg-muted">
                  {t("truncated", { count: data.organizations.length })}
                </p>
              ) : null}
              {/* A new organization, or a save, starts the form afresh from what is stored. */}
              <LineEditor
                key={`${org.id}:${org.line?.updatedAt ?? "none"}`}
                org={org}
                onNotice={setNotice}
                onTestResult={setTestResult}
              />
              {notice ? (
                <ResultLine tone={notice.ok ? "success" : "danger"}>{notice.text}</ResultLine>
              ) : null}
              {testResult && org.line ? <TestResultView result={testResult} /> : null}
              <CallerIdPool key={org.id} org={org} />
            </div>
          );
        }}
      </QueryBody>
    </Panel>
  );
}

type FieldErrors = Record<string, string>;
type Notice = { ok: boolean; text: string };

function LineEditor({
  org,
  onNotice: setNotice,
  onTestResult: setTestResult,
}: {
  org: TelephonyOrganization;
  onNotice: (notice: Notice | null) => void;
  onTestResult: (result: LineTestResult | null) => void;
}) {
  const t = useTranslations("Admin.telephony");
  const format = useFormatter();
  const queryClient = useQueryClient();
  const line = org.line;
  const [draft, setDraft] = useState<LineDraft>(() => draftOf(line));
  const [replacing, setReplacing] = useState(!line);
  const [touched, setTouched] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [confirming, setConfirming] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const ids = useId();

  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: opsKeys.panel("telephony") });
    void queryClient.invalidateQueries({ queryKey: opsKeys.panel("audit") });
  };

  // With a secret stored, an empty secret field keeps it (replacing is only a way to type one).
  const errors = checkDraft(draft, Boolean(line));
  const errorText = (path: string): string | undefined => {
    const key: LineError | undefined = errors[path];
    if (touched && key) {
      return t(`errors.${key}`, { min: SECRET_MIN, max: SECRET_MAX, count: ICE_SERVERS_MAX });
    }
    return serverErrors[path];
  };
  const edit = (change: Partial<LineDraft>) => {
    setDraft((d) => ({ ...d, ...change }));
    setServerErrors({});
    setNotice(null);
  };

  const save = useMutation({
    mutationFn: () =>
      apiClient.put(url(org.id), bodyOf(draft), {
        schema: telephonyOrganizationResponseSchema,
        credential: "operator",
      }),
    onSuccess: () => {
      setTestResult(null);
      setNotice({ ok: true, text: t("saved") });
      refresh();
    },
    onError: (error) => {
      const fields =
        error instanceof ApiClientError
          ? ((error.body as { fields?: FieldErrors } | undefined)?.fields ?? {})
          : {};
      setServerErrors(fields);
      setNotice({ ok: false, text: t("saveFailed", { error: failureText(error) }) });
      void queryClient.invalidateQueries({ queryKey: opsKeys.panel("audit") });
    },
  });
  const remove = useMutation({
    mutationFn: () =>
      apiClient.delete(url(org.id), { schema: lineRemovedResponseSchema, credential: "operator" }),
    onSuccess: () => {
      setConfirming(false);
      setTestResult(null);
      setNotice({ ok: true, text: t("removed") });
      refresh();
    },
    onError: (error) =>
      setNotice({ ok: false, text: t("removeFailed", { error: failureText(error) }) }),
  });
  const test = useMutation({
    mutationFn: () => opsPost(`${url(org.id)}/test`, lineTestResultSchema),
    onMutate: () => {
      setTestResult(null);
      setNotice(null);
    },
    onSuccess: (result) => {
      setTestResult(result);
      void queryClient.invalidateQueries({ queryKey: opsKeys.panel("audit") });
    },
    onError: (error) =>
      setNotice({ ok: false, text: t("testFailed", { error: failureText(error) }) }),
  });
  const busy = save.isPending || remove.isPending || test.isPending;

  function submit(event: React.FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (Object.keys(errors).length > 0) {
      setNotice({ ok: false, text: t("fixErrors") });
      return;
    }
    save.mutate();
  }

  const secretBadge = !line ? (
    <Badge tone="neutral">{t("secretState.none")}</Badge>
  ) : line.secretState === "set" ? (
    <Badge tone="success">{t("secretState.set")}</Badge>
  ) : (
    <Badge tone="warning">{t("secretState.unreadable")}</Badge>
  );

  return (
    <form className="grid grid-cols-1 gap-4" onSubmit={submit} noValidate aria-label={org.name}>
      {line ? (
        <p className="text-sm text-fg-muted">
          {t("lastSaved", {
            user: line.updatedBy,
            time: format.dateTime(new Date(line.updatedAt), {
              dateStyle: "medium",
              timeStyle: "short",
            }),
          })}
        </p>
      ) : (
        <p className="text-sm text-fg-muted">{t("noLine")}</p>
      )}
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <Field id={`${ids}-ws`} label={t("wsUrl")} hint={t("wsUrlHint")} error={errorText("wsUrl")}>
          <Input
            dir="ltr"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder="wss://sip.example.com/ws"
            value={draft.wsUrl}
            onChange={(e) => edit({ wsUrl: e.target.value })}
          />
        </Field>
        <Field
          id={`${ids}-domain`}
          label={t("sipDomain")}
          hint={t("sipDomainHint")}
          error={errorText("sipDomain")}
        >
          <Input
            dir="ltr"
            autoComplete="off"
            spellCheck={false}
            placeholder="sip.example.com"
            value={draft.sipDomain}
            onChange={(e) => edit({ sipDomain: e.target.value })}
          />
        </Field>
      </div>

      <fieldset className="grid grid-cols-1 gap-3">
        <legend className="mb-2 text-sm font-medium text-fg">{t("iceServers")}</legend>
        {draft.iceServers.length === 0 ? (
          <p className="text-sm text-fg-muted">{t("iceEmpty")}</p>
        ) : null}
        {draft.iceServers.map((server, i) => {
          const n = i + 1;
          const set = (change: Partial<typeof server>) =>
            edit({
              iceServers: draft.iceServers.map((s) =>
                s.id === server.id ? { ...s, ...change } : s,
              ),
            });
          return (
            <div
              key={server.id}
              className="grid items-start gap-3 rounded-lg border border-line p-3 md:grid-cols-[2fr_1fr_1fr_auto]"
            >
              <Field
                id={`${ids}-ice-${server.id}-url`}
                label={t("iceUrl", { n })}
                error={errorText(`iceServers.${i}.urls`)}
              >
                <Input
                  dir="ltr"
                  autoComplete="off"
                  spellCheck={false}
                  placeholder="turns:turn.example.com:5349"
                  value={server.urls}
                  onChange={(e) => set({ urls: e.target.value })}
                />
              </Field>
              <Field
                id={`${ids}-ice-${server.id}-user`}
                label={t("iceUsername", { n })}
                error={errorText(`iceServers.${i}.username`)}
              >
                <Input
                  dir="ltr"
                  autoComplete="off"
                  value={server.username}
                  onChange={(e) => set({ username: e.target.value })}
                />
              </Field>
              <Field
                id={`${ids}-ice-${server.id}-credential`}
                label={t("iceCredential", { n })}
                error={errorText(`iceServers.${i}.credential`)}
              >
                <Input
                  dir="ltr"
                  autoComplete="off"
                  value={server.credential}
                  onChange={(e) => set({ credential: e.target.value })}
                />
              </Field>
              <IconButton
                label={t("iceRemove", { n })}
                variant="ghost"
                className="md:mt-7"
                onClick={() =>
                  edit({ iceServers: draft.iceServers.filter((s) => s.id !== server.id) })
                }
              >
                <X aria-hidden />
              </IconButton>
            </div>
          );
        })}
        {serverErrors.iceServers ? (
          <p className="text-sm text-danger-text">{serverErrors.iceServers}</p>
        ) : null}
        <div>
          <Button
            size="sm"
            variant="secondary"
            disabled={draft.iceServers.length >= ICE_SERVERS_MAX}
            onClick={() => edit({ iceServers: [...draft.iceServers, emptyIceServer()] })}
          >
            <Plus aria-hidden /> {t("iceAdd")}
          </Button>
        </div>
      </fieldset>

      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <Field id={`${ids}-dtmf`} label={t("dtmfMode")} error={serverErrors.dtmfMode}>
          <NativeSelect
            value={draft.dtmfMode}
            onChange={(e) => edit({ dtmfMode: e.target.value as LineDraft["dtmfMode"] })}
          >
            {dtmfModes.map((mode) => (
              <option key={mode} value={mode}>
                {t(`dtmf.${mode}`)}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field id={`${ids}-mode`} label={t("credentialMode")} error={serverErrors.credentialMode}>
          <NativeSelect
            value={draft.credentialMode}
            onChange={(e) =>
              edit({ credentialMode: e.target.value as LineDraft["credentialMode"] })
            }
          >
            {credentialModes.map((mode) => (
              <option key={mode} value={mode}>
                {t(`credential.${mode}`)}
              </option>
            ))}
          </NativeSelect>
        </Field>
      </div>

      <div className="grid grid-cols-1 gap-2">
        {replacing ? (
          <Field
            id={`${ids}-secret`}
            label={t("secret")}
            labelAside={secretBadge}
            hint={t("secretHint")}
            error={errorText("secret")}
            required={line ? undefined : t("required")}
          >
            <Input
              type="password"
              autoComplete="new-password"
              spellCheck={false}
              value={draft.secret}
              onChange={(e) => edit({ secret: e.target.value })}
            />
          </Field>
        ) : (
          <div className="flex flex-wrap items-center gap-3">
            <span className="text-sm font-medium text-fg">{t("secret")}</span>
            <span data-testid="telephony-secret-state">{secretBadge}</span>
            <Button size="sm" variant="secondary" onClick={() => setReplacing(true)}>
              {t("secretReplace")}
            </Button>
          </div>
        )}
        {replacing && line ? (
          <div>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => {
                setReplacing(false);
                edit({ secret: "" });
              }}
            >
              {t("secretKeep")}
            </Button>
          </div>
        ) : null}
      </div>

      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={busy}>
          {save.isPending ? <Spinner /> : <Save aria-hidden />}
          {save.isPending ? t("saving") : t("save")}
        </Button>
        {line ? (
          <>
            <Button
              variant="secondary"
              disabled={busy}
              onClick={() => test.mutate()}
              aria-describedby={`${ids}-test-hint`}
            >
              {test.isPending ? <Spinner /> : <Activity aria-hidden />}
              {test.isPending ? t("testing") : t("test")}
            </Button>
            <Button variant="danger" disabled={busy} onClick={() => setConfirming(true)}>
              <Trash2 aria-hidden /> {t("remove")}
            </Button>
          </>
        ) : null}
      </div>
      {line ? (
        <p id={`${ids}-test-hint`} className="text-xs text-fg-muted">
          {t("testHint")}
        </p>
      ) : null}

      {confirming ? (
        <div
          role="alertdialog"
          aria-labelledby={`${ids}-confirm`}
          className="flex flex-wrap items-center gap-3 rounded-lg border border-danger-text/40 bg-danger-soft px-3 py-2"
          onKeyDown={(e) => {
            if (e.key === "Escape") setConfirming(false);
          }}
        >
          <p id={`${ids}-confirm`} className="text-sm text-danger-soft-fg">
            {t("removeConfirm", { name: org.name })}
          </p>
          <Button
            ref={confirmRef}
            size="sm"
            variant="danger"
            disabled={remove.isPending}
            onClick={() => remove.mutate()}
          >
            {remove.isPending ? <Spinner /> : null} {t("removeYes")}
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setConfirming(false)}>
            {t("cancel")}
          </Button>
        </div>
      ) : null}
    </form>
  );
}

function TestResultView({ result }: { result: LineTestResult }) {
  const f = useOpsFormat();
  const t = useTranslations("Admin.telephony");
  const ms = (v: number | null) => (v === null ? "–" : f.ms(v));
  const text = t(`result.${result.code}`, {
    status: result.status ?? "",
    reason: result.reason ?? "",
  });
  return (
    <div
      className="grid grid-cols-1 gap-3"
      data-testid="telephony-test-result"
      data-code={result.code}
    >
      <ResultLine tone={result.ok ? "success" : "danger"}>{text}</ResultLine>
      <Facts
        items={[
          { label: t("connected"), value: result.connected ? t("yes") : t("no") },
          { label: t("registered"), value: result.registered ? t("yes") : t("no") },
          {
            label: t("status"),
            value: result.status === null ? "–" : `${result.status} ${result.reason ?? ""}`.trim(),
          },
          { label: t("connectTime"), value: ms(result.connectMs) },
          { label: t("registerTime"), value: ms(result.registerMs) },
          { label: t("totalTime"), value: ms(result.totalMs) },
        ]}
      />
      {result.safety ? <LineSafetyView safety={result.safety} /> : null}
    </div>
  );
}
