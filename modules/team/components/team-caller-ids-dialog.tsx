"use client";

import { useTranslations } from "next-intl";
import { PhoneOutgoing } from "lucide-react";
import { DialogButton, ListError, ListLoading } from "@/components/ui";
import { CallerIdPoolEditor } from "@/modules/console/components/caller-id-pool";
import {
  teamCallerIdsApi,
  useRefreshTeamCallerIds,
  useTeamCallerIds,
} from "@/modules/team/hooks/use-team-caller-ids";

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
  const pool = useTeamCallerIds();
  const refresh = useRefreshTeamCallerIds();
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
      api={teamCallerIdsApi}
      onChanged={() => void refresh()}
    />
  );
}
