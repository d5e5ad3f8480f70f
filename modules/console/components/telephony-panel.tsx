"use client";

import { useOpsFormat } from "./use-ops-format";

import { useId, useState } from "react";
import { useTranslations } from "next-intl";
import { Field, NativeSelect } from "@/components/ui";
import type { Notice } from "@/modules/console/hooks/use-line-editor";
import { telephonyOverviewSchema, type LineTestResult } from "@/modules/telephony/lib/schemas";
import { CallerIdPool } from "./caller-id-pool";
import { LineEditor } from "./line-editor/line-editor";
import { LineSafetyView } from "./line-safety-view";
import { Facts, Panel, QueryBody, ResultLine } from "./panel";
import { useOpsQuery } from "@/modules/console/hooks/use-ops";

// The console's Telephony panel: pick an organization, edit its line (checked as
// typed, by the rules the server applies), enter or replace the write-only secret, save, remove,
// and test the saved line from the server. The editor itself is in ./line-editor/.

export function TelephonyPanel() {
  const t = useTranslations("Admin.telephony");
  const overview = useOpsQuery("telephony", "/api/admin/telephony", telephonyOverviewSchema);
  const [selected, setSelected] = useState<string | null>(null);
  // Kept here: a save or removal reloads the list, which starts the form afresh below.
  const [notice, setNotice] = useState<Notice | null>(null);
  const [testResult, setTestResult] = useState<LineTestResult | null>(null);
  const selectId = useId();

  return (
    <Panel
      id="panel-telephony"
      title={t("title")}
      className="lg:col-span-2 2xl:col-span-3"
      onRefresh={() => void overview.refetch()}
      refreshing={overview.isFetching}
    >
      <p className="mb-3 text-sm text-fg-muted">{t("hint")}</p>
      <QueryBody query={overview}>
        {(data) => {
          if (data.organizations.length === 0) {
            return <p className="text-sm text-fg-muted">{t("empty")}</p>;
          }
          const org = data.organizations.find((o) => o.id === selected) ?? data.organizations[0]!;
          return (
            <div className="grid grid-cols-1 gap-4">
              {data.encryption.source === "missing" ? (
                <p
                  role="alert"
                  className="rounded-lg bg-warning-soft px-3 py-2 text-sm text-warning-soft-fg"
                >
                  {t("keyMissing")}
                </p>
              ) : null}
              <Field id={selectId} label={t("organization")} className="max-w-md">
                <NativeSelect
                  value={org.id}
                  onChange={(e) => {
                    setSelected(e.target.value);
                    setNotice(null);
                    setTestResult(null);
                  }}
                  data-testid="telephony-org"
                >
                  {data.organizations.map((o) => (
                    <option key={o.id} value={o.id}>
                      {t(o.line ? "withLine" : "withoutLine", { name: o.name })}
                    </option>
                  ))}
                </NativeSelect>
              </Field>
              {data.truncated ? (
                <p className="text-sm text-fg-muted">
                  {t("truncated", { count: data.organizations.length })}
                </p>
              ) : null}
              {/* A new organization, or a save, starts the form afresh from what is stored. */}
              <LineEditor
                key={`${org.id}:${org.line?.updatedAt ?? "none"}`}
                org={org}
                onNotice={setNotice}
                onTestResult={setTestResult}
              />
              {notice ? (
                <ResultLine tone={notice.ok ? "success" : "danger"}>{notice.text}</ResultLine>
              ) : null}
              {testResult && org.line ? <TestResultView result={testResult} /> : null}
              <CallerIdPool key={org.id} org={org} />
            </div>
          );
        }}
      </QueryBody>
    </Panel>
  );
}

function TestResultView({ result }: { result: LineTestResult }) {
  const f = useOpsFormat();
  const t = useTranslations("Admin.telephony");
  const ms = (v: number | null) => (v === null ? "–" : f.ms(v));
  const text = t(`result.${result.code}`, {
    status: result.status ?? "",
    reason: result.reason ?? "",
  });
  return (
    <div
      className="grid grid-cols-1 gap-3"
      data-testid="telephony-test-result"
      data-code={result.code}
    >
      <ResultLine tone={result.ok ? "success" : "danger"}>{text}</ResultLine>
      <Facts
        items={[
          { label: t("connected"), value: result.connected ? t("yes") : t("no") },
          { label: t("registered"), value: result.registered ? t("yes") : t("no") },
          {
            label: t("status"),
            value: result.status === null ? "–" : `${result.status} ${result.reason ?? ""}`.trim(),
          },
          { label: t("connectTime"), value: ms(result.connectMs) },
          { label: t("registerTime"), value: ms(result.registerMs) },
          { label: t("totalTime"), value: ms(result.totalMs) },
        ]}
      />
      {result.safety ? <LineSafetyView safety={result.safety} /> : null}
    </div>
  );
}
