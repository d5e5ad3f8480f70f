"use client";

import { useId, useState } from "react";
import { useTranslations } from "next-intl";
import { Plus, Send } from "lucide-react";
import {
  Badge,
  Button,
  Checkbox,
  Field,
  Input,
  NativeSelect,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from "@/components/ui";
import {
  managerInvitationBodySchema,
  organizationNameSchema,
  organizationsResponseSchema,
  type OrganizationSummary,
} from "@/lib/accounts/organization-schemas";
import {
  useCreateOrganization,
  useInviteManager,
  useSetOrganizationTwoFactor,
} from "@/modules/console/hooks/use-organizations";
import { Panel, QueryBody, ResultLine } from "./panel";
import { failureText, useOpsQuery, useRefreshOpsPanels } from "@/modules/console/hooks/use-ops";

// The console's organizations: every team with its people and managers and whether it
// requires two-factor sign-in (the operator can set it for any team), a form that creates one,
// and one that invites a team's first manager by email (or adds with the users CLI).

export function OrganizationsPanel() {
  const t = useTranslations("Admin.organizations");
  const ids = useId();
  const refreshPanels = useRefreshOpsPanels();
  const q = useOpsQuery("organizations", "/api/admin/organizations", organizationsResponseSchema);
  const [name, setName] = useState("");
  const [touched, setTouched] = useState(false);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  // The organization just created: the invite form turns to it once the list has it.
  const [created, setCreated] = useState<string | null>(null);

  const refresh = () => refreshPanels("organizations", "audit");
  const requireTwoFactor = useSetOrganizationTwoFactor({
    onSuccess: (res, { name }) => {
      setNotice({
        ok: true,
        text: t(res.requireTwoFactor ? "requireOn" : "requireOff", { name }),
      });
      refresh();
    },
    onError: (error) =>
      setNotice({ ok: false, text: t("saveFailed", { error: failureText(error) }) }),
  });

  const check = organizationNameSchema.safeParse(name);
  const create = useCreateOrganization({
    onSuccess: ({ organization }) => {
      setCreated(organization.id);
      setName("");
      setTouched(false);
      setNotice({ ok: true, text: t("created", { name: organization.name }) });
      // The telephony panel lists organizations too.
      refreshPanels("organizations", "telephony", "audit", "db-summary");
    },
    onError: (error) =>
      setNotice({ ok: false, text: t("createFailed", { error: failureText(error) }) }),
  });

  return (
    <Panel
      id="panel-organizations"
      title={t("title")}
      onRefresh={() => void q.refetch()}
      refreshing={q.isFetching}
    >
      <p className="mb-3 text-sm text-fg-muted">{t("hint")}</p>
      <QueryBody query={q} errorTitle={t("loadFailed")}>
        {(data) =>
          data.organizations.length ? (
            <Table caption={t("caption")}>
              <TableHead>
                <TableRow>
                  <TableHeaderCell>{t("name")}</TableHeaderCell>
                  <TableHeaderCell>{t("people")}</TableHeaderCell>
                  <TableHeaderCell>{t("managers")}</TableHeaderCell>
                  <TableHeaderCell>{t("twoFactor")}</TableHeaderCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.organizations.map((o) => (
                  <TableRow key={o.id} data-testid="organization-row">
                    <TableCell>
                      <bdi>{o.name}</bdi>
                    </TableCell>
                    <TableCell className="tabular-nums">{o.users}</TableCell>
                    <TableCell className="tabular-nums">
                      {o.managers ? o.managers : <Badge tone="warning">{t("noManager")}</Badge>}
                    </TableCell>
                    <TableCell>
                      <Checkbox
                        aria-label={t("requireTwoFactorOf", { name: o.name })}
                        checked={o.requireTwoFactor}
                        disabled={requireTwoFactor.isPending}
                        onCheckedChange={(checked) =>
                          requireTwoFactor.mutate({ id: o.id, name: o.name, on: checked === true })
                        }
                      />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          ) : (
            <p className="text-sm text-fg-muted">{t("empty")}</p>
          )
        }
      </QueryBody>
      <form
        className="mt-4 grid items-start gap-3 sm:grid-cols-[1fr_auto]"
        noValidate
        aria-label={t("addTitle")}
        onSubmit={(e) => {
          e.preventDefault();
          setTouched(true);
          if (check.success) create.mutate(name);
        }}
      >
        <Field
          id={`${ids}-name`}
          label={t("newName")}
          error={touched && !check.success ? t("nameInvalid") : undefined}
        >
          <Input
            autoComplete="off"
            maxLength={100}
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setNotice(null);
            }}
          />
        </Field>
        <Button type="submit" size="sm" className="sm:mt-7" disabled={create.isPending}>
          <Plus aria-hidden /> {create.isPending ? t("adding") : t("add")}
        </Button>
      </form>
      {notice ? (
        <ResultLine tone={notice.ok ? "success" : "danger"}>{notice.text}</ResultLine>
      ) : null}
      {q.data?.organizations.length ? (
        <InviteManager organizations={q.data.organizations} created={created} onSent={refresh} />
      ) : null}
    </Panel>
  );
}

/** Invites a team's manager by email: the invitee picks a username and password from the link. */
function InviteManager({
  organizations,
  created,
  onSent,
}: {
  organizations: OrganizationSummary[];
  /** A newly created organization: a team without a manager yet, the one to invite for. */
  created: string | null;
  onSent: () => void;
}) {
  const t = useTranslations("Admin.organizations");
  const ids = useId();
  // The first team without a manager is the likely one.
  const [organizationId, setOrganizationId] = useState(
    () => (organizations.find((o) => o.managers === 0) ?? organizations[0])!.id,
  );
  // Adjusted while rendering (not in an effect): the new organization is chosen the render its
  // row arrives in the list, so the form never shows the previous choice beside it.
  const [followed, setFollowed] = useState<string | null>(null);
  if (created && created !== followed && organizations.some((o) => o.id === created)) {
    setFollowed(created);
    setOrganizationId(created);
  }
  const [email, setEmail] = useState("");
  const [touched, setTouched] = useState(false);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const check = managerInvitationBodySchema.safeParse({ email: email.trim() });
  const invite = useInviteManager({
    onSuccess: ({ invitation }) => {
      setEmail("");
      setTouched(false);
      setNotice({ ok: true, text: t("invited", { email: invitation.email }) });
      onSent();
    },
    onError: (error) =>
      setNotice({ ok: false, text: t("inviteFailed", { error: failureText(error) }) }),
  });
  return (
    <form
      className="mt-6 grid items-start gap-3 border-t border-line pt-4 sm:grid-cols-[1fr_1fr_auto]"
      noValidate
      aria-label={t("inviteTitle")}
      onSubmit={(e) => {
        e.preventDefault();
        setTouched(true);
        if (check.success) invite.mutate({ organizationId, email: email.trim() });
      }}
    >
      <p className="text-sm font-medium text-fg sm:col-span-3">{t("inviteTitle")}</p>
      {/* A native select, as the console's other organization pickers (Telephony, Call
          recordings): one dropdown style across its panels. */}
      <Field id={`${ids}-org`} label={t("inviteOrganization")}>
        <NativeSelect
          value={organizationId}
          onChange={(e) => setOrganizationId(e.target.value)}
          data-testid="invite-organization"
        >
          {organizations.map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field
        id={`${ids}-email`}
        label={t("inviteEmail")}
        error={touched && !check.success ? t("emailInvalid") : undefined}
      >
        <Input
          type="email"
          dir="ltr"
          autoComplete="off"
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            setNotice(null);
          }}
        />
      </Field>
      <Button type="submit" size="sm" className="sm:mt-7" disabled={invite.isPending}>
        <Send aria-hidden /> {invite.isPending ? t("inviting") : t("invite")}
      </Button>
      {notice ? (
        <div className="sm:col-span-3">
          <ResultLine tone={notice.ok ? "success" : "danger"}>{notice.text}</ResultLine>
        </div>
      ) : null}
    </form>
  );
}
