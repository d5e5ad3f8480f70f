"use client";

import { useId, useState } from "react";
import { useTranslations } from "next-intl";
import { Download, FileSearch, Search } from "lucide-react";
import { Badge, Button, EmptyState, Field, Input } from "@/components/ui";
import { CallCard } from "@/components/reports/call-card";
import { downloadCsv } from "@/components/reports/download";
import { searchCall } from "@/lib/reports/call-search";
import { callCsv, callCsvFileName } from "@/lib/reports/exports";
import { sampleCalls, type SampleCall } from "@/lib/sample/calls";

/** Call History (spec section 2): find one sample call, show it as a card, download it as CSV. */
export function CallHistory() {
  const t = useTranslations("Reports.callHistory");
  const tr = useTranslations("Reports");
  // One "now" per visit, so a call found twice shows the same time. Nothing time-dependent is
  // rendered before the first search, so the server and the browser agree on the first paint.
  const [calls] = useState(() => sampleCalls(Date.now()));
  const [query, setQuery] = useState("");
  const [found, setFound] = useState<SampleCall | null>(null);
  const hintId = useId();

  function onSearch(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFound(searchCall(calls, query)?.call ?? null);
  }

  function onDownload() {
    if (!found) {
      window.alert(t("noCallSelected"));
      return;
    }
    downloadCsv(callCsvFileName(found), callCsv(found));
  }

  const downloadButton = (
    <Button variant={found ? "primary" : "secondary"} onClick={onDownload}>
      <Download aria-hidden />
      {t("download")}
    </Button>
  );

  return (
    <div className="grid gap-6">
      <p className="flex flex-wrap items-center gap-2 text-sm text-fg-muted">
        <Badge tone="warning">{tr("sampleData")}</Badge>
        {t("sampleNote")}
      </p>
      <form
        role="search"
        aria-label={t("searchLabel")}
        onSubmit={onSearch}
        className="grid gap-1.5"
      >
        <div className="flex flex-wrap items-end gap-3">
          <Field label={t("searchLabel")} className="min-w-0 flex-1 basis-64">
            <Input
              type="search"
              name="q"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              placeholder={t("searchPlaceholder")}
              aria-describedby={hintId}
              autoComplete="off"
              spellCheck={false}
            />
          </Field>
          <Button type="submit">
            <Search aria-hidden />
            {t("search")}
          </Button>
        </div>
        <p id={hintId} className="text-xs text-fg-muted">
          {t("searchHint")}
        </p>
      </form>
      <div aria-live="polite">
        {found ? (
          <CallCard call={found} actions={downloadButton} />
        ) : (
          <EmptyState
            icon={FileSearch}
            title={t("empty")}
            action={downloadButton}
            headingLevel={2}
          />
        )}
      </div>
    </div>
  );
}
