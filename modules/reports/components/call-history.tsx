"use client";

import { useEffect, useId, useState } from "react";
import { useTranslations } from "next-intl";
import { useMutation } from "@tanstack/react-query";
import { Download, FileSearch, Search } from "lucide-react";
import { Button, EmptyState, Field, Input, Spinner } from "@/components/ui";
import { isMissed, useLineFacts } from "@/modules/calls/components/call-line-facts";
import { CallCard, type CallCardRow } from "@/modules/reports/components/call-card";
import { RecordingControl } from "@/modules/recordings/components/recording-control";
import { downloadCsv } from "@/modules/reports/components/download";
import type { CallDto } from "@/modules/calls/lib/schemas";
import { ApiClientError } from "@/lib/client/api-error";
import { toAuditCall } from "@/modules/calls/client/audit-call";
import { shownNumber } from "@/modules/calls/client/caller";
import { formatPhone } from "@/lib/format/phone";
import { searchCalls } from "@/modules/calls/client/queries";
import { callCsv, callCsvFileName } from "@/modules/reports/lib/exports";

/**
 * Call History (spec section 2): find one of the team's recorded calls by id, dialed or
 * originating number (any formatting) or agent, show it as a card, download it as CSV. The server
 * searches (GET /api/calls/search); the best match comes first, further matches can be picked.
 */
export function CallHistory({ initialQuery = "" }: { initialQuery?: string }) {
  const t = useTranslations("Reports.callHistory");
  const tCalls = useTranslations("Calls.history");
  const tLine = useTranslations("Calls.line");
  const tDirection = useTranslations("Calls.direction");
  const [query, setQuery] = useState(initialQuery);
  const [picked, setPicked] = useState(0);
  const hintId = useId();
  const search = useMutation({
    mutationFn: (q: string) => searchCalls(q),
    onSuccess: () => setPicked(0),
  });
  // Opened with ?q= (from a business's drawer): that search runs once, as if typed.
  const { mutate } = search;
  useEffect(() => {
    if (initialQuery.trim()) mutate(initialQuery.trim());
  }, [initialQuery, mutate]);
  const tRecordings = useTranslations("Recordings");
  const tCallsRoot = useTranslations("Calls");
  const matches: CallDto[] = search.data?.calls ?? [];
  const current = matches[picked] ?? null;
  const found = current ? toAuditCall(current) : null;
  const inbound = current?.direction === "inbound";
  // What the line reported after the spec's six rows; the quality summary is long
  // and gets the card's whole width.
  const lineFacts = useLineFacts(current);
  const extraRows: CallCardRow[] = [
    ...(current?.businessName
      ? [{ key: "business", label: t("business"), value: <bdi>{current.businessName}</bdi> }]
      : []),
    // What the rep recorded: the outcome and the note (also in the CSV).
    ...(current?.disposition
      ? [
          {
            key: "disposition",
            label: tCallsRoot("log.outcome"),
            value: tCallsRoot(`dispositions.${current.disposition}`),
          },
        ]
      : []),
    ...(current?.note
      ? [{ key: "note", label: t("note"), value: <bdi>{current.note}</bdi>, wide: true }]
      : []),
    ...(inbound && current
      ? [
          {
            key: "direction",
            label: tLine("direction"),
            value: isMissed(current)
              ? `${tDirection("inbound")} · ${tDirection("missed")}`
              : tDirection("inbound"),
          },
        ]
      : []),
    // A recorded call's player, across the card's width.
    ...(current?.recordings?.length
      ? [
          {
            key: "recording",
            label: tRecordings("player.title"),
            value: (
              <div className="flex flex-wrap items-center gap-2">
                <RecordingControl call={current} />
              </div>
            ),
            wide: true,
          },
        ]
      : []),
    ...lineFacts.map((fact) => ({
      key: fact.key,
      label: fact.label,
      value: (
        <bdi>
          {fact.value}
          {fact.detail ? ` · ${fact.detail}` : null}
        </bdi>
      ),
      wide: fact.key === "quality",
    })),
  ];

  function onSearch(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const q = query.trim();
    if (!q) {
      search.reset();
      return;
    }
    search.mutate(q);
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
  const error = search.error;

  return (
    <div className="grid gap-6">
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
          <Button type="submit" disabled={search.isPending}>
            {search.isPending ? <Spinner /> : <Search aria-hidden />}
            {t("search")}
          </Button>
        </div>
        <p id={hintId} className="text-xs text-fg-muted">
          {t("searchHint")}
        </p>
      </form>
      <div aria-live="polite" aria-busy={search.isPending} className="grid gap-4">
        {search.isPending ? <p className="sr-only">{tCalls("searching")}</p> : null}
        {error ? (
          <p role="alert" className="text-sm text-danger-text" data-testid="call-history-error">
            {tCalls("error", { status: error instanceof ApiClientError ? error.status : 0 })}
          </p>
        ) : null}
        {found ? (
          <CallCard call={found} actions={downloadButton} inbound={inbound} extraRows={extraRows} />
        ) : search.isIdle ? (
          // The spec's empty message, with its Download CSV (which says no call is selected).
          <div data-testid="call-history-idle">
            <EmptyState
              icon={FileSearch}
              title={t("empty")}
              action={downloadButton}
              headingLevel={2}
            />
          </div>
        ) : search.isPending ? null : (
          <EmptyState
            icon={FileSearch}
            title={t("empty")}
            action={downloadButton}
            headingLevel={2}
          />
        )}
        {matches.length > 1 ? (
          <div className="grid gap-2">
            <p className="text-sm text-fg-muted">{tCalls("more", { count: matches.length - 1 })}</p>
            <ul className="flex flex-wrap gap-2" data-testid="call-history-matches">
              {matches.map((call, i) => (
                <li key={call.id}>
                  <Button
                    size="sm"
                    variant={i === picked ? "primary" : "secondary"}
                    aria-pressed={i === picked}
                    onClick={() => setPicked(i)}
                  >
                    {call.businessName ? <bdi>{call.businessName} · </bdi> : null}
                    {call.agent} ·{" "}
                    {shownNumber(call) ? (
                      <bdi dir="ltr">{formatPhone(shownNumber(call))}</bdi>
                    ) : (
                      tLine("withheld")
                    )}
                  </Button>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </div>
  );
}
