"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui";
import {
  auditTailDefault,
  auditTailMore,
  auditTailResponseSchema,
} from "@/modules/console/lib/schemas";
import { LogViewer } from "./log-viewer";
import { Panel, QueryBody } from "./panel";
import { useOpsQuery } from "@/modules/console/hooks/use-ops";

/** Spec: 120 lines, a button for 250. */
export function AuditPanel() {
  const t = useTranslations("Admin.audit");
  const [lines, setLines] = useState<number>(auditTailDefault);
  const q = useOpsQuery("audit", "/api/admin/ops/audit-tail", auditTailResponseSchema, {
    query: { lines },
  });
  const more = lines === auditTailDefault;
  return (
    <Panel
      id="panel-audit"
      title={t("title")}
      className="lg:col-span-2 2xl:col-span-3"
      onRefresh={() => void q.refetch()}
      refreshing={q.isFetching}
      actions={
        <Button
          size="sm"
          variant="secondary"
          onClick={() => setLines(more ? auditTailMore : auditTailDefault)}
        >
          {more
            ? t("showMore", { count: auditTailMore })
            : t("showFewer", { count: auditTailDefault })}
        </Button>
      }
    >
      <QueryBody query={q} errorTitle={t("failed")}>
        {(data) => (
          <LogViewer
            testId="audit-viewer"
            text={data.log}
            label={t("viewer", { count: lines })}
            empty={t("empty")}
          />
        )}
      </QueryBody>
    </Panel>
  );
}
