"use client";

import { useState } from "react";
import { useFormatter, useTranslations } from "next-intl";
import { UserPlus } from "lucide-react";
import {
  Badge,
  Button,
  DialogButton,
  Field,
  Input,
  Select,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
  toast,
} from "@/components/ui";
import { ApiClientError } from "@/lib/client/api-error";
import type { MemberRole } from "@/lib/auth/permissions";
import {
  useInvitations,
  useRefreshInvitations,
  useResendInvitation,
  useRevokeInvitation,
  useSendInvitation,
} from "@/modules/team/hooks/use-team";

/**
 * Settings' Invite Members, for managers: invite an address with a role (a
 * single-use link by mail, valid 7 days), see pending invitations, resend or revoke them.
 */
export function InviteDialog() {
  const t = useTranslations("Team");
  const settings = useTranslations("Settings");
  return (
    <DialogButton
      icon={UserPlus}
      label={settings("inviteMembers")}
      testId="invite-open"
      title={settings("inviteMembers")}
      description={t("inviteHint")}
      className="max-w-2xl"
    >
      {() => <Invitations />}
    </DialogButton>
  );
}

function Invitations() {
  const t = useTranslations("Team");
  const format = useFormatter();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<MemberRole>("rep");
  const [error, setError] = useState<string | null>(null);
  const list = useInvitations();
  const refresh = useRefreshInvitations();
  const failed = (err: unknown) =>
    err instanceof ApiClientError && err.code === "invitation_pending"
      ? t("invitePending")
      : err instanceof ApiClientError && err.code === "invitation_daily_cap"
        ? t("inviteDailyCap")
        : err instanceof ApiClientError && err.status === 400
          ? t("inviteInvalid")
          : t("inviteFailed");

  const send = useSendInvitation({
    onSuccess: ({ invitation }) => {
      setEmail("");
      setError(null);
      toast.success(t("invited", { email: invitation.email }));
      void refresh();
    },
    onError: (err) => setError(failed(err)),
  });
  const resend = useResendInvitation({
    onSuccess: ({ invitation }) => {
      toast.success(t("resent", { email: invitation.email }));
      void refresh();
    },
    onError: (err) => toast.error(failed(err)),
  });
  const revoke = useRevokeInvitation({
    onSuccess: () => {
      toast.success(t("revoked"));
      void refresh();
    },
    onError: () => toast.error(t("inviteFailed")),
  });

  const invitations = list.data?.invitations ?? [];
  return (
    <div className="grid gap-4">
      <form
        className="grid items-start gap-3 sm:grid-cols-[1fr_10rem_auto]"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!/^\S+@\S+\.\S+$/.test(email.trim())) {
            setError(t("inviteInvalid"));
            return;
          }
          send.mutate({ email: email.trim(), role });
        }}
      >
        <Field id="invite-email" label={t("email")} error={error ?? undefined}>
          <Input
            type="email"
            dir="ltr"
            autoComplete="off"
            value={email}
            maxLength={254}
            onChange={(e) => {
              setEmail(e.target.value);
              setError(null);
            }}
          />
        </Field>
        <Field id="invite-role" label={t("roleHeader")}>
          <Select
            value={role}
            onValueChange={(v) => setRole(v as MemberRole)}
            items={(["rep", "manager"] as const).map((r) => ({
              value: r,
              label: t(`role.${r}`),
            }))}
          />
        </Field>
        <Button type="submit" className="sm:mt-7" disabled={send.isPending}>
          {send.isPending ? t("sending") : t("send")}
        </Button>
      </form>
      <h3 className="text-sm font-semibold text-fg">{t("pending")}</h3>
      {list.isError ? (
        <p role="alert" className="text-sm text-danger-text">
          {t("loadFailed")}
        </p>
      ) : invitations.length === 0 ? (
        <p className="text-sm text-fg-muted">{list.isPending ? t("loading") : t("noPending")}</p>
      ) : (
        <Table caption={t("pending")}>
          <TableHead>
            <TableRow>
              <TableHeaderCell>{t("email")}</TableHeaderCell>
              <TableHeaderCell>{t("roleHeader")}</TableHeaderCell>
              <TableHeaderCell>{t("expires")}</TableHeaderCell>
              <TableHeaderCell>
                <span className="sr-only">{t("actions")}</span>
              </TableHeaderCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {invitations.map((i) => (
              <TableRow key={i.id} data-testid="invitation" data-email={i.email}>
                <TableCell>
                  <bdi dir="ltr">{i.email}</bdi>
                </TableCell>
                <TableCell>{t(`role.${i.role}`)}</TableCell>
                <TableCell>
                  {i.status === "expired" ? (
                    <Badge tone="neutral">{t("expired")}</Badge>
                  ) : (
                    <time dateTime={i.expiresAt}>
                      {format.dateTime(new Date(i.expiresAt), { dateStyle: "medium" })}
                    </time>
                  )}
                </TableCell>
                <TableCell className="text-end">
                  <div className="flex flex-wrap justify-end gap-2">
                    <Button
                      size="sm"
                      variant="secondary"
                      disabled={resend.isPending}
                      onClick={() => resend.mutate(i.id)}
                    >
                      {t("resend")}
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      disabled={revoke.isPending}
                      onClick={() => revoke.mutate(i.id)}
                    >
                      {t("revoke")}
                    </Button>
                  </div>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </div>
  );
}
