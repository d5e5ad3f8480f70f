"use client";

import { useTranslations } from "next-intl";
import { Plus, X } from "lucide-react";
import { Button, Field, IconButton, Input } from "@/components/ui";
import { ICE_SERVERS_MAX } from "@/modules/telephony/lib/line-rules";
import {
  emptyIceServer,
  type FieldErrors,
  type IceDraft,
  type LineDraft,
} from "@/modules/telephony/lib/panel-draft";

/** The line's STUN and TURN servers: one row each, added and removed up to the limit. */
export function IceServersFieldset({
  ids,
  iceServers,
  edit,
  errorText,
  serverErrors,
}: {
  ids: string;
  iceServers: IceDraft[];
  edit: (change: Partial<LineDraft>) => void;
  errorText: (path: string) => string | undefined;
  serverErrors: FieldErrors;
}) {
  const t = useTranslations("Admin.telephony");
  return (
    <fieldset className="grid grid-cols-1 gap-3">
      <legend className="mb-2 text-sm font-medium text-fg">{t("iceServers")}</legend>
      {iceServers.length === 0 ? <p className="text-sm text-fg-muted">{t("iceEmpty")}</p> : null}
      {iceServers.map((server, i) => {
        const n = i + 1;
        const set = (change: Partial<IceDraft>) =>
          edit({
            iceServers: iceServers.map((s) => (s.id === server.id ? { ...s, ...change } : s)),
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
              onClick={() => edit({ iceServers: iceServers.filter((s) => s.id !== server.id) })}
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
          disabled={iceServers.length >= ICE_SERVERS_MAX}
          onClick={() => edit({ iceServers: [...iceServers, emptyIceServer()] })}
        >
          <Plus aria-hidden /> {t("iceAdd")}
        </Button>
      </div>
    </fieldset>
  );
}
