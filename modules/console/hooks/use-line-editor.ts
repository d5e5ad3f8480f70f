"use client";

import { useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "@/lib/client/api-client";
import {
  ICE_SERVERS_MAX,
  SECRET_MAX,
  SECRET_MIN,
  type LineError,
} from "@/modules/telephony/lib/line-rules";
import {
  bodyOf,
  checkDraft,
  draftOf,
  serverFieldErrors,
  type FieldErrors,
  type LineDraft,
} from "@/modules/telephony/lib/panel-draft";
import {
  lineRemovedResponseSchema,
  lineTestResultSchema,
  telephonyOrganizationResponseSchema,
  type LineTestResult,
  type TelephonyOrganization,
} from "@/modules/telephony/lib/schemas";
import { failureText, opsKeys, opsPost } from "@/modules/console/hooks/use-ops";

// The Telephony panel's line editor without its markup: the draft as typed, its errors (ours
// once the operator has tried to save, else the server's), and the calls that save, test and
// remove the line. The notice and the test result belong to the panel, which outlives the
// editor: a save or removal reloads the list and so starts a new editor.

export type Notice = { ok: boolean; text: string };

const url = (id: string) => `/api/admin/telephony/${id}`;

export function useLineEditor({
  org,
  onNotice: setNotice,
  onTestResult: setTestResult,
}: {
  org: TelephonyOrganization;
  onNotice: (notice: Notice | null) => void;
  onTestResult: (result: LineTestResult | null) => void;
}) {
  const t = useTranslations("Admin.telephony");
  const queryClient = useQueryClient();
  const line = org.line;
  const [draft, setDraft] = useState<LineDraft>(() => draftOf(line));
  const [replacing, setReplacing] = useState(!line);
  const [touched, setTouched] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [confirming, setConfirming] = useState(false);

  const invalidateAudit = () =>
    void queryClient.invalidateQueries({ queryKey: opsKeys.panel("audit") });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: opsKeys.panel("telephony") });
    invalidateAudit();
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
      setServerErrors(serverFieldErrors(error));
      setNotice({ ok: false, text: t("saveFailed", { error: failureText(error) }) });
      invalidateAudit();
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
      invalidateAudit();
    },
    onError: (error) =>
      setNotice({ ok: false, text: t("testFailed", { error: failureText(error) }) }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (Object.keys(errors).length > 0) {
      setNotice({ ok: false, text: t("fixErrors") });
      return;
    }
    save.mutate();
  }

  return {
    line,
    draft,
    edit,
    errorText,
    serverErrors,
    replacing,
    replaceSecret: () => setReplacing(true),
    keepSecret: () => {
      setReplacing(false);
      edit({ secret: "" });
    },
    submit,
    saving: save.isPending,
    testing: test.isPending,
    runTest: () => test.mutate(),
    confirming,
    askRemove: () => setConfirming(true),
    cancelRemove: () => setConfirming(false),
    removing: remove.isPending,
    confirmRemove: () => remove.mutate(),
    busy: save.isPending || remove.isPending || test.isPending,
  };
}
