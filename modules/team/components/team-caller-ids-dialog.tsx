"use client";

import { useTranslations } from "next-intl";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { PhoneOutgoing } from "lucide-react";
import { DialogButton, ListError, ListLoading } from "@/components/ui";
import { CallerIdPoolEditor } from "@/modules/console/components/caller-id-pool";
import { apiClient } from "@/lib/client/api-client";
import { teamCallerIdsResponseSchema } from "@/modules/telephony/lib/caller-id-schemas";

const callerIdsKey = ["team", "caller-ids"] as const;
const base = "/api/team/caller-ids";

/**
 * Settings' caller IDs, for managers: their own team's pool, with the editor the
 * console uses for any organization. The server keeps it to the manager's organization.
 */
export function TeamCallerIdsDialog() {
  const t = useTranslations("CallerIds");
  return (
    <DialogButton
      icon={PhoneOutgoing}
      label={t("open")}
      testId="team-caller-ids-open"
      title={t("teamTitle")}
      className="max-w-3xl"
    >
      {() => <TeamCallerIds />}
    </DialogButton>
  );
}

function TeamCallerIds() {
  const t = useTranslations("CallerIds");
  const team = useTranslations("Team");
  const queryClient = useQueryClient();
  const pool = useQuery({
    queryKey: callerIdsKey,
    queryFn: ({ signal }) =>
      apiClient.get(base, { schema: teamCallerIdsResponseSchema, credential: "rep", signal }),
  });
  if (pool.isPending) return <ListLoading label={t("loading")} testId="team-caller-ids-loading" />;
  if (pool.isError) {
    return (
      <ListError
        message={t("loadFailed")}
        retryLabel={team("retry")}
        onRetry={() => void pool.refetch()}
        testId="team-caller-ids-error"
      />
    );
  }
  return (
    // No heading of its own: the dialog's title names the pool (it read twice).
    <CallerIdPoolEditor
      hint={t("teamHint")}
      caption={t("teamCaption")}
      callerIds={pool.data.callerIds}
      emptyText={t("empty")}
      api={{ base, credential: "rep", schema: teamCallerIdsResponseSchema }}
      onChanged={() => void queryClient.invalidateQueries({ queryKey: callerIdsKey })}
    />
  );
}
