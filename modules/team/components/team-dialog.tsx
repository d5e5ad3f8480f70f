"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { Users } from "lucide-react";
import {
  Badge,
  Button,
  Checkbox,
  DialogButton,
  ListError,
  ListLoading,
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
  useChangeMember,
  useRefreshTeam,
  useResetMemberTwoFactor,
  useTeam,
  useTeamSecurity,
} from "@/modules/team/hooks/use-team";
import type { Member } from "@/modules/team/lib/schemas";

/**
 * Settings' Manage Roles: the team with each member's role and status. A manager
 * changes roles and deactivates or reactivates members here; a rep sees the same list without
 * these controls (the button reads View Team). The server decides either way.
 */
export function TeamDialog({ manage }: { manage: boolean }) {
  const t = useTranslations("Team");
  const settings = useTranslations("Settings");
  return (
    <DialogButton
      icon={Users}
      label={manage ? settings("manageRoles") : t("viewTeam")}
      testId="team-open"
      title={manage ? settings("manageRoles") : t("viewTeam")}
      description={manage ? t("manageHint") : t("viewHint")}
      className="max-w-3xl"
    >
      {() => <TeamList />}
    </DialogButton>
  );
}

function TeamList() {
  const t = useTranslations("Team");
  const [confirming, setConfirming] = useState<string | null>(null);
  const team = useTeam();
  const refresh = useRefreshTeam();
  const resetTwoFactor = useResetMemberTwoFactor({
    onSuccess: ({ member }) => {
      setConfirming(null);
      toast.success(t("twoFactorReset", { name: member.username }));
      void refresh();
    },
    onError: () => {
      setConfirming(null);
      toast.error(t("saveFailed"));
    },
  });
  const security = useTeamSecurity({
    onSuccess: ({ requireTwoFactor }) => {
      toast.success(t(requireTwoFactor ? "requireOn" : "requireOff"));
      void refresh();
    },
    onError: (err) =>
      toast.error(
        err instanceof ApiClientError && err.code === "own_two_factor_first"
          ? t("requireOwnFirst")
          : t("saveFailed"),
      ),
  });
  const change = useChangeMember({
    onSuccess: ({ member }, { body }) => {
      setConfirming(null);
      toast.success(
        "role" in body
          ? t("roleChanged", { name: member.username, role: t(`role.${member.role}`) })
          : t(member.status === "active" ? "reactivated" : "deactivated", {
              name: member.username,
            }),
      );
      void refresh();
    },
    onError: (err) => {
      setConfirming(null);
      toast.error(
        err instanceof ApiClientError && err.code === "last_manager"
          ? t("lastManager")
          : t("saveFailed"),
      );
    },
  });

  if (team.isPending) return <ListLoading label={t("loading")} testId="team-loading" />;
  if (team.isError) {
    return (
      <ListError
        message={t("loadFailed")}
        retryLabel={t("retry")}
        onRetry={() => void team.refetch()}
        testId="team-error"
      />
    );
  }
  const { viewer, members, organization } = team.data;
  const roleItems = (["rep", "manager"] as const).map((r) => ({
    value: r,
    label: t(`role.${r}`),
  }));
  return (
    <div className="grid gap-3">
      <p className="text-sm text-fg-muted">
        {t("organization")}: <bdi className="font-medium text-fg">{organization}</bdi>
      </p>
      {viewer.canManage ? (
        <Checkbox
          data-testid="team-require-2fa"
          checked={team.data.requireTwoFactor}
          disabled={security.isPending}
          onCheckedChange={(checked) => security.mutate(checked === true)}
          label={t("requireTwoFactor")}
          description={t("requireTwoFactorHint")}
        />
      ) : null}
      <Table caption={t("caption", { organization })}>
        <TableHead>
          <TableRow>
            <TableHeaderCell>{t("member")}</TableHeaderCell>
            <TableHeaderCell>{t("roleHeader")}</TableHeaderCell>
            <TableHeaderCell>{t("status")}</TableHeaderCell>
            <TableHeaderCell>{t("twoFactorHeader")}</TableHeaderCell>
            {viewer.canManage ? (
              <TableHeaderCell>
                <span className="sr-only">{t("actions")}</span>
              </TableHeaderCell>
            ) : null}
          </TableRow>
        </TableHead>
        <TableBody>
          {members.map((m) => (
            <TableRow key={m.id} data-testid="team-member" data-username={m.username}>
              <TableCell>
                <div className="grid">
                  <span className="font-medium text-fg">
                    <bdi>{m.username}</bdi>
                    {m.id === viewer.userId ? (
                      <span className="ms-1 text-fg-muted">{t("you")}</span>
                    ) : null}
                  </span>
                  {m.email ? (
                    <bdi className="text-xs text-fg-muted" dir="ltr">
                      {m.email}
                    </bdi>
                  ) : null}
                </div>
              </TableCell>
              <TableCell>
                {viewer.canManage ? (
                  <Select
                    aria-label={t("roleOf", { name: m.username })}
                    value={m.role}
                    items={roleItems}
                    disabled={change.isPending}
                    className="h-9 min-w-32"
                    onValueChange={(role) =>
                      change.mutate({ member: m, body: { role: role as MemberRole } })
                    }
                  />
                ) : (
                  t(`role.${m.role}`)
                )}
              </TableCell>
              <TableCell>
                <Badge tone={m.status === "active" ? "success" : "neutral"}>
                  {t(`statusValue.${m.status}`)}
                </Badge>
              </TableCell>
              <TableCell>
                <div className="flex flex-wrap items-center gap-2">
                  <Badge tone={m.twoFactor ? "success" : "neutral"}>
                    {t(`twoFactorValue.${m.twoFactor ? "on" : "off"}`)}
                  </Badge>
                  {viewer.canManage && m.twoFactor && m.id !== viewer.userId ? (
                    <Confirmed
                      label={t("resetTwoFactor")}
                      question={t("confirmResetTwoFactor")}
                      confirmLabel={t("resetTwoFactorNamed", { name: m.username })}
                      confirming={confirming === `2fa:${m.id}`}
                      busy={resetTwoFactor.isPending}
                      onAsk={() => setConfirming(`2fa:${m.id}`)}
                      onCancel={() => setConfirming(null)}
                      onConfirm={() => resetTwoFactor.mutate(m)}
                    />
                  ) : null}
                </div>
              </TableCell>
              {viewer.canManage ? (
                <TableCell className="text-end">
                  <MemberAction
                    member={m}
                    confirming={confirming === m.id}
                    busy={change.isPending}
                    onAsk={() => setConfirming(m.id)}
                    onCancel={() => setConfirming(null)}
                    onChange={(status) => change.mutate({ member: m, body: { status } })}
                  />
                </TableCell>
              ) : null}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

/** Deactivate asks once more (it signs the member out at once); reactivate does not. */
function MemberAction({
  member,
  confirming,
  busy,
  onAsk,
  onCancel,
  onChange,
}: {
  member: Member;
  confirming: boolean;
  busy: boolean;
  onAsk: () => void;
  onCancel: () => void;
  onChange: (status: "active" | "deactivated") => void;
}) {
  const t = useTranslations("Team");
  if (member.status === "deactivated") {
    return (
      <Button size="sm" variant="secondary" disabled={busy} onClick={() => onChange("active")}>
        {t("reactivate")}
      </Button>
    );
  }
  return (
    <Confirmed
      label={t("deactivate")}
      question={t("confirmDeactivate")}
      confirmLabel={t("deactivateNamed", { name: member.username })}
      confirming={confirming}
      busy={busy}
      onAsk={onAsk}
      onCancel={onCancel}
      onConfirm={() => onChange("deactivated")}
    />
  );
}

/** A change that cannot be taken back in one click: the button asks once more, in place. */
function Confirmed({
  label,
  question,
  confirmLabel,
  confirming,
  busy,
  onAsk,
  onCancel,
  onConfirm,
}: {
  label: string;
  question: string;
  /** The confirming button's accessible name: it says whom it acts on. */
  confirmLabel: string;
  confirming: boolean;
  busy: boolean;
  onAsk: () => void;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const t = useTranslations("Team");
  if (!confirming) {
    return (
      <Button size="sm" variant="secondary" disabled={busy} onClick={onAsk}>
        {label}
      </Button>
    );
  }
  return (
    <div className="flex flex-wrap items-center justify-end gap-2" role="group">
      <span className="text-xs text-fg-muted">{question}</span>
      <Button
        size="sm"
        variant="danger"
        disabled={busy}
        onClick={onConfirm}
        aria-label={confirmLabel}
      >
        {label}
      </Button>
      <Button size="sm" variant="ghost" onClick={onCancel}>
        {t("cancel")}
      </Button>
    </div>
  );
}
