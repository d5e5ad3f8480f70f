"use client";

import { useState } from "react";
import { Phone, Trash2, UserPlus } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button, Field, IconButton, Input } from "@/components/ui";
import { formatPhone } from "@/lib/format/phone";
import type { FacilityData } from "@/modules/facility/lib/schemas";
import type { UpdateResult } from "@/modules/facility/lib/store";
import {
  addContact,
  addExtraPhone,
  removeContact,
  removeExtraPhone,
  type Updater,
} from "@/modules/facility/lib/updaters";
import { canAddContact, contactLabel, emptyContactDraft } from "@/modules/facility/lib/validation";
import { itemKey, phoneItemId } from "@/modules/records/client/items";
import type { ItemMeta } from "@/modules/records/client/merge";
import { checkExtraPhone, type ExtraPhoneError } from "@/modules/records/client/phone-rule";
import { ItemByline, NeedsFixing } from "./record-meta";

type Props = {
  data: FacilityData;
  update: (fn: Updater) => UpdateResult;
  phone: string | null;
  onCall: (phone: string) => void;
  /** Who changed each item when, from the team sync (by item key). */
  meta?: Record<string, ItemMeta>;
};

/** Contact Info: the listed phone, the rep's extra numbers (each callable) and contacts. */
export function FacilityContactInfo({ data, update, phone, onCall, meta = {} }: Props) {
  const t = useTranslations("Facility");
  return (
    <div className="grid gap-4">
      <dl className="grid gap-1 text-sm">
        <dt className="text-fg-muted">{t("phones.main")}</dt>
        <dd className="font-medium text-fg" data-testid="facility-phone">
          {phone ? <bdi dir="ltr">{formatPhone(phone)}</bdi> : t("noPhone")}
        </dd>
      </dl>
      <ExtraPhones data={data} update={update} onCall={onCall} meta={meta} />
      <Contacts data={data} update={update} onCall={onCall} meta={meta} />
    </div>
  );
}

function CallButton({ phone, onCall }: { phone: string; onCall: (phone: string) => void }) {
  const t = useTranslations("Facility");
  return (
    <IconButton
      label={t("callNumber", { phone: formatPhone(phone) })}
      size="sm"
      tooltip={false}
      onClick={() => onCall(phone)}
    >
      <Phone aria-hidden />
    </IconButton>
  );
}

function ExtraPhones({ data, update, onCall, meta = {} }: Omit<Props, "phone">) {
  const t = useTranslations("Facility");
  const [draft, setDraft] = useState("");
  const [error, setError] = useState<ExtraPhoneError | null>(null);
  return (
    <div className="grid gap-2">
      <h4 className="text-sm font-semibold text-fg">{t("phones.extra")}</h4>
      {data.extraPhones.length === 0 ? (
        <p className="text-sm text-fg-muted">{t("phones.none")}</p>
      ) : (
        <ul
          aria-label={t("phones.extra")}
          className="grid gap-1"
          data-testid="facility-extra-phones"
        >
          {data.extraPhones.map((p) => (
            <li key={p} className="flex items-center gap-1 text-sm">
              <span className="min-w-0 flex-1 truncate text-fg">
                <bdi dir="ltr">{formatPhone(p)}</bdi>
              </span>
              <NeedsFixing meta={meta[itemKey("phone", phoneItemId(p))]} />
              <CallButton phone={p} onCall={onCall} />
              <IconButton
                label={t("phones.remove", { phone: formatPhone(p) })}
                size="sm"
                tooltip={false}
                onClick={() => update(removeExtraPhone(p))}
              >
                <Trash2 aria-hidden />
              </IconButton>
            </li>
          ))}
        </ul>
      )}
      <Field
        label={t("phones.add")}
        hint={t("phones.addHint")}
        error={error ? t(`phones.${error}`) : undefined}
      >
        <Input
          type="tel"
          value={draft}
          onChange={(e) => {
            setDraft(e.target.value);
            setError(null);
          }}
          onKeyDown={(e) => {
            if (e.key !== "Enter" || e.nativeEvent.isComposing) return;
            e.preventDefault();
            // The team's rule (modules/records/lib/schemas.ts extraPhoneSchema): "abc" is refused here,
            // with the server's message, and stays in the field to be corrected.
            const checked = draft.trim() === "" ? null : checkExtraPhone(draft);
            if (checked && !checked.ok) {
              setError(checked.error);
              return;
            }
            // Empty or already-listed numbers are ignored; the field is cleared either way.
            update(addExtraPhone(draft));
            setDraft("");
          }}
        />
      </Field>
    </div>
  );
}

function Contacts({ data, update, onCall, meta = {} }: Omit<Props, "phone">) {
  const t = useTranslations("Facility");
  const [draft, setDraft] = useState(emptyContactDraft);
  const set = (patch: Partial<typeof draft>) => setDraft((d) => ({ ...d, ...patch }));
  return (
    <div className="grid gap-2">
      <h4 className="text-sm font-semibold text-fg">{t("contacts.title")}</h4>
      {data.contacts.length === 0 ? (
        <p className="text-sm text-fg-muted">{t("contacts.none")}</p>
      ) : (
        <ul aria-label={t("contacts.title")} className="grid gap-2" data-testid="facility-contacts">
          {data.contacts.map((c) => {
            const label = contactLabel(c, t("contacts.noName"));
            return (
              <li
                key={c.id}
                className="flex items-start gap-2 rounded-lg bg-surface-muted p-2.5 text-sm"
              >
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-fg">{label}</p>
                  {c.email ? (
                    <a
                      href={`mailto:${c.email}`}
                      className="block truncate text-primary-text underline underline-offset-2"
                    >
                      {c.email}
                    </a>
                  ) : null}
                  {c.phone ? (
                    <p className="text-fg-muted">
                      <bdi dir="ltr">{formatPhone(c.phone)}</bdi>
                    </p>
                  ) : null}
                  <ItemByline meta={meta[itemKey("contact", c.id)]} />
                </div>
                <NeedsFixing meta={meta[itemKey("contact", c.id)]} />
                {c.phone ? <CallButton phone={c.phone} onCall={onCall} /> : null}
                <IconButton
                  label={t("contacts.remove", { name: label })}
                  size="sm"
                  tooltip={false}
                  onClick={() => update(removeContact(c.id))}
                >
                  <Trash2 aria-hidden />
                </IconButton>
              </li>
            );
          })}
        </ul>
      )}
      <form
        className="grid gap-2"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!canAddContact(draft)) return;
          update(addContact(draft, { id: crypto.randomUUID() }));
          setDraft(emptyContactDraft);
        }}
      >
        <p className="text-xs text-fg-muted">{t("contacts.hint")}</p>
        <div className="grid gap-2 sm:grid-cols-3">
          <Field label={t("contacts.name")}>
            <Input
              value={draft.name}
              autoComplete="off"
              onChange={(e) => set({ name: e.target.value })}
            />
          </Field>
          <Field label={t("contacts.email")}>
            <Input
              type="email"
              value={draft.email}
              autoComplete="off"
              onChange={(e) => set({ email: e.target.value })}
            />
          </Field>
          <Field label={t("contacts.phone")}>
            <Input
              type="tel"
              value={draft.phone}
              autoComplete="off"
              onChange={(e) => set({ phone: e.target.value })}
            />
          </Field>
        </div>
        <Button
          type="submit"
          variant="secondary"
          size="sm"
          className="justify-self-start"
          disabled={!canAddContact(draft)}
        >
          <UserPlus aria-hidden />
          {t("contacts.add")}
        </Button>
      </form>
    </div>
  );
}
