"use client";

import { useId, useState } from "react";
import { useTranslations } from "next-intl";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import {
  Button,
  Field,
  Input,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from "@/components/ui";
import { apiClient } from "@/lib/client/api-client";
import {
  organizationCreatedResponseSchema,
  organizationNameSchema,
  organizationsResponseSchema,
} from "@/lib/accounts/organization-schemas";
import { Panel, QueryBody, ResultLine } from "./panel";
import { failureText, useOpsQuery } from "./use-ops";

// The console's organizations (issue 33): every team with its number of people, and a form that
// creates one. Its first manager is added with the users CLI (`add <name> --org <team>`).

export function OrganizationsPanel() {
  const t = useTranslations("Admin.organizations");
  const ids = useId();
  const queryClient = useQueryClient();
  const q = useOpsQuery("organizations", "/api/admin/organizations", organizationsResponseSchema);
  const [name, setName] = useState("");
  const [touched, setTouched] = useState(false);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);

  const check = organizationNameSchema.safeParse(name);
  const create = useMutation({
    mutationFn: () =>
      apiClient.post(
        "/api/admin/organizations",
        { name },
        { schema: organizationCreatedResponseSchema, credential: "operator" },
      ),
    onSuccess: ({ organization }) => {
      setName("");
      setTouched(false);
      setNotice({ ok: true, text: t("created", { name: organization.name }) });
      // The telephony panel lists organizations too.
      for (const key of ["organizations", "telephony", "audit", "db"]) {
        void queryClient.invalidateQueries({ queryKey: ["ops", key] });
      }
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
                </TableRow>
              </TableHead>
              <TableBody>
                {data.organizations.map((o) => (
                  <TableRow key={o.id} data-testid="organization-row">
                    <TableCell>
                      <bdi>{o.name}</bdi>
                    </TableCell>
                    <TableCell className="tabular-nums">{o.users}</TableCell>
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
          if (check.success) create.mutate();
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
    </Panel>
  );
}
