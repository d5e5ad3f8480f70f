"use client";

import { useId, useState } from "react";
import { useTranslations } from "next-intl";
import { Check, Plus, Star, Trash2 } from "lucide-react";
import {
  Badge,
  Button,
  Checkbox,
  Field,
  Input,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from "@/components/ui";
import { ApiClientError } from "@/lib/client/api-error";
import { parsePhoneNumberFromString } from "libphonenumber-js";
import {
  CALLER_IDS_MAX,
  checkCallerId,
  type CallerId,
  type CallerIdError,
} from "@/modules/telephony/lib/caller-id-schemas";
import type { TelephonyOrganization } from "@/modules/telephony/lib/schemas";
import {
  consoleCallerIdsApi,
  useAddCallerId,
  useRemoveCallerId,
  useSetDefaultCallerId,
  useVerifyCallerId,
  type CallerIdPoolApi,
} from "@/modules/console/hooks/use-caller-id-pool";
import { ResultLine } from "./panel";
import { failureText, useRefreshOpsPanels } from "@/modules/console/hooks/use-ops";

// The caller-ID pool editor: the numbers an organization's calls may present, each
// with its area code and region, one the default. A number is checked as typed by the rules the
// server applies; the server still decides, and its field errors show. The console shows it
// beside an organization's line (CallerIdPool); a manager edits their own team's pool with the
// same editor from Settings (modules/team/components/team-caller-ids-dialog.tsx).

type Notice = { ok: boolean; text: string };
type FieldErrors = { number?: string; region?: string };

export function CallerIdPool({ org }: { org: TelephonyOrganization }) {
  const t = useTranslations("CallerIds");
  const refreshPanels = useRefreshOpsPanels();
  return (
    <CallerIdPoolEditor
      title={t("title")}
      hint={t.rich("consoleHint", {
        code: (chunks) => (
          <bdi dir="ltr">
            <code className="font-mono text-xs">{chunks}</code>
          </bdi>
        ),
      })}
      caption={t("caption", { name: org.name })}
      callerIds={org.callerIds}
      emptyText={
        org.callerId
          ? t.rich("consoleEmptyLegacy", { number: () => <E164 value={org.callerId!} /> })
          : t("empty")
      }
      api={consoleCallerIdsApi(org.id)}
      onChanged={() => refreshPanels("telephony", "audit")}
      onFailed={() => refreshPanels("audit")}
    />
  );
}

/** A number as the world writes it, isolated from the text around it (Arabic). */
export function E164({ value }: { value: string }) {
  return (
    <bdi dir="ltr" className="whitespace-nowrap tabular-nums">
      {parsePhoneNumberFromString(value)?.formatInternational() ?? value}
    </bdi>
  );
}

export function CallerIdPoolEditor({
  title,
  hint,
  caption,
  callerIds,
  emptyText,
  api,
  onChanged,
  onFailed,
}: {
  /** The section's heading; none inside a dialog whose own title already names the pool. */
  title?: React.ReactNode;
  hint: React.ReactNode;
  caption: string;
  callerIds: readonly CallerId[];
  emptyText: React.ReactNode;
  api: CallerIdPoolApi;
  onChanged: () => void;
  onFailed?: () => void;
}) {
  const t = useTranslations("CallerIds");
  const ids = useId();
  const [number, setNumber] = useState("");
  const [region, setRegion] = useState("");
  const [makeDefault, setMakeDefault] = useState(false);
  const [touched, setTouched] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [notice, setNotice] = useState<Notice | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);

  const refresh = onChanged;
  const failed =
    (key: "addFailed" | "defaultFailed" | "removeFailed" | "approveFailed") => (error: unknown) => {
      const fields =
        error instanceof ApiClientError
          ? ((error.body as { fields?: FieldErrors } | undefined)?.fields ?? {})
          : {};
      setServerErrors(fields);
      setNotice({ ok: false, text: t(key, { error: failureText(error) }) });
      onFailed?.();
    };

  const add = useAddCallerId(api, {
    onSuccess: () => {
      setNumber("");
      setRegion("");
      setMakeDefault(false);
      setTouched(false);
      setNotice({ ok: true, text: canVerify ? t("added") : t("addedPending") });
      refresh();
    },
    onError: failed("addFailed"),
  });
  const setDefault = useSetDefaultCallerId(api, {
    onSuccess: () => {
      setNotice({ ok: true, text: t("defaultSet") });
      refresh();
    },
    onError: failed("defaultFailed"),
  });
  const remove = useRemoveCallerId(api, {
    onSuccess: () => {
      setConfirming(null);
      setNotice({ ok: true, text: t("removed") });
      refresh();
    },
    onError: failed("removeFailed"),
  });
  // Only an operator vouches for a number (carriers require caller ID to be the caller's own):
  // a manager's new number waits for it, and calls do not present it until then.
  const canVerify = api.credential === "operator";
  const verify = useVerifyCallerId(api, {
    onSuccess: () => {
      setNotice({ ok: true, text: t("approved") });
      refresh();
    },
    onError: failed("approveFailed"),
  });
  const busy = add.isPending || setDefault.isPending || remove.isPending || verify.isPending;

  const errors = checkCallerId({ number, region });
  const errorText = (field: keyof FieldErrors) => {
    const key: CallerIdError | undefined = errors[field];
    if (touched && key) return t(`errors.${key}`, { count: CALLER_IDS_MAX });
    return serverErrors[field];
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (Object.keys(errors).length > 0) {
      setNotice({ ok: false, text: t("fixErrors") });
      return;
    }
    add.mutate({ number, region: region.trim() || null, isDefault: makeDefault });
  };

  return (
    <section
      className={
        title ? "grid grid-cols-1 gap-3 border-t border-line pt-4" : "grid grid-cols-1 gap-3"
      }
      aria-labelledby={title ? `${ids}-title` : undefined}
      data-testid="caller-id-pool"
    >
      {title ? (
        <h3 id={`${ids}-title`} className="text-base font-semibold text-fg">
          {title}
        </h3>
      ) : null}
      <p className="text-sm text-fg-muted">{hint}</p>
      {callerIds.length === 0 ? (
        <p className="text-sm text-fg-muted">{emptyText}</p>
      ) : (
        <Table caption={caption}>
          <TableHead>
            <TableRow>
              <TableHeaderCell>{t("number")}</TableHeaderCell>
              <TableHeaderCell>{t("areaCode")}</TableHeaderCell>
              <TableHeaderCell>{t("region")}</TableHeaderCell>
              <TableHeaderCell>{t("country")}</TableHeaderCell>
              <TableHeaderCell>
                <span className="sr-only">{t("actions")}</span>
              </TableHeaderCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {callerIds.map((c) => (
              <TableRow key={c.id} data-testid="caller-id-row">
                <TableCell>
                  <span className="flex flex-wrap items-center gap-2">
                    <E164 value={c.number} />
                    {c.isDefault ? <Badge tone="brand">{t("default")}</Badge> : null}
                    {c.verified ? null : (
                      <Badge tone="warning" data-testid="caller-id-pending">
                        {t("pending")}
                      </Badge>
                    )}
                  </span>
                </TableCell>
                <TableCell>{c.areaCode ? <bdi dir="ltr">{c.areaCode}</bdi> : t("none")}</TableCell>
                <TableCell>
                  {c.region ? (
                    <span className="flex flex-wrap items-center gap-1">
                      <bdi dir="ltr">{c.region}</bdi>
                      {c.regionGiven ? null : (
                        <span className="text-xs text-fg-muted">{t("fromAreaCode")}</span>
                      )}
                    </span>
                  ) : (
                    t("none")
                  )}
                </TableCell>
                <TableCell>
                  <bdi dir="ltr">{c.country}</bdi>
                </TableCell>
                <TableCell>
                  {confirming === c.id ? (
                    <span className="flex flex-wrap items-center justify-end gap-2" role="group">
                      <span className="text-sm">{t("removeConfirm")}</span>
                      <Button
                        size="sm"
                        variant="danger"
                        disabled={busy}
                        onClick={() => remove.mutate(c.id)}
                        autoFocus
                      >
                        {t("removeYes")}
                      </Button>
                      <Button size="sm" variant="ghost" onClick={() => setConfirming(null)}>
                        {t("cancel")}
                      </Button>
                    </span>
                  ) : (
                    <span className="flex flex-wrap items-center justify-end gap-2">
                      {canVerify && !c.verified ? (
                        <Button
                          size="sm"
                          variant="secondary"
                          disabled={busy}
                          onClick={() => verify.mutate(c.id)}
                          aria-label={t("approveOf", { number: c.number })}
                        >
                          <Check aria-hidden /> {t("approve")}
                        </Button>
                      ) : null}
                      {c.isDefault ? null : (
                        <Button
                          size="sm"
                          variant="secondary"
                          disabled={busy}
                          onClick={() => setDefault.mutate(c.id)}
                          aria-label={t("makeDefaultOf", { number: c.number })}
                        >
                          <Star aria-hidden /> {t("makeDefault")}
                        </Button>
                      )}
                      <Button
                        size="sm"
                        variant="ghost"
                        disabled={busy}
                        onClick={() => setConfirming(c.id)}
                        aria-label={t("removeOf", { number: c.number })}
                      >
                        <Trash2 aria-hidden /> {t("remove")}
                      </Button>
                    </span>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}

      <form
        className="grid items-start gap-3 md:grid-cols-[2fr_1fr_auto]"
        onSubmit={submit}
        noValidate
        aria-label={t("addTitle")}
      >
        <Field
          id={`${ids}-number`}
          label={t("number")}
          hint={t("numberHint")}
          error={errorText("number")}
        >
          <Input
            dir="ltr"
            type="tel"
            inputMode="tel"
            autoComplete="off"
            placeholder="+1 512 555 0100"
            value={number}
            onChange={(e) => {
              setNumber(e.target.value);
              setServerErrors({});
              setNotice(null);
            }}
          />
        </Field>
        <Field
          id={`${ids}-region`}
          label={t("regionOptional")}
          hint={t("regionHint")}
          error={errorText("region")}
        >
          <Input
            dir="ltr"
            autoComplete="off"
            spellCheck={false}
            placeholder="US-TX"
            value={region}
            onChange={(e) => {
              setRegion(e.target.value);
              setServerErrors({});
              setNotice(null);
            }}
          />
        </Field>
        <div className="grid grid-cols-1 gap-3 md:pt-7">
          <Checkbox
            label={t("makeDefault")}
            checked={makeDefault}
            onCheckedChange={(v) => setMakeDefault(v === true)}
          />
          <Button type="submit" size="sm" disabled={busy || callerIds.length >= CALLER_IDS_MAX}>
            <Plus aria-hidden /> {add.isPending ? t("adding") : t("add")}
          </Button>
        </div>
      </form>
      {notice ? (
        <ResultLine tone={notice.ok ? "success" : "danger"}>{notice.text}</ResultLine>
      ) : null}
    </section>
  );
}
