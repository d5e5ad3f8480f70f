"use client";

import { Download, Plus, Trash2, Upload } from "lucide-react";
import { useFormatter, useTranslations } from "next-intl";
import { useRef, useState } from "react";
import { toast } from "@/components/ui/toaster";
import { downloadBlob } from "@/modules/reports/components/download";
import {
  Button,
  EmptyState,
  Field,
  IconButton,
  Input,
  SectionCard,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from "@/components/ui";
import { ApiClientError } from "@/lib/client/api-error";
import {
  useAddDoNotCall,
  useDoNotCallList,
  useExportDoNotCall,
  useImportDoNotCall,
  useRefreshDoNotCall,
  useRemoveDoNotCall,
} from "@/modules/do-not-call/hooks/use-do-not-call";

/**
 * Settings > Do not call: the team's list (newest first, a page at a time: a list can hold many
 * thousands), add, remove, CSV import, and the export of the whole list, which the server streams.
 */
export function DoNotCallSection({
  manage,
}: {
  /**
   * Import, export, remove and reading the notes are managers' (lib/auth/permissions.ts): a rep
   * sees the numbers and adds to the list. The server refuses (or leaves out) the rest either way.
   */
  manage: { import: boolean; export: boolean; remove: boolean; notes: boolean };
}) {
  const t = useTranslations("DoNotCall");
  const format = useFormatter();
  const fileInput = useRef<HTMLInputElement>(null);
  const [number, setNumber] = useState("");
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);

  const list = useDoNotCallList();
  const refresh = useRefreshDoNotCall();

  const add = useAddDoNotCall({
    onSuccess: (res) => {
      setNumber("");
      setNote("");
      setError(null);
      toast.success(
        res.created
          ? t("added", { number: res.entry.number })
          : t("already", { number: res.entry.number }),
      );
      void refresh();
    },
    onError: (err) =>
      setError(
        err instanceof ApiClientError && err.code === "invalid_number"
          ? t("invalidNumber")
          : t("saveFailed"),
      ),
  });

  const remove = useRemoveDoNotCall({
    onSuccess: (_r, n) => {
      toast.success(t("removed", { number: n }));
      void refresh();
    },
    onError: () => toast.error(t("saveFailed")),
  });

  const importCsv = useImportDoNotCall({
    onSuccess: (res) => {
      const lines = res.invalid.map((i) => i.line).join(", ");
      const summary = t("imported", { added: res.added, existing: res.existing });
      if (res.invalid.length)
        toast.warning(`${summary} ${t("importInvalid", { count: res.invalid.length, lines })}`);
      else toast.success(summary);
      void refresh();
    },
    onError: () => toast.error(t("importFailed")),
  });

  // The whole list, not the pages loaded here: the server writes it.
  const exportCsv = useExportDoNotCall({
    onSuccess: (file) => downloadBlob(file.fileName ?? "do-not-call.csv", file.blob),
    onError: () => toast.error(t("exportFailed")),
  });

  const pages = list.data?.pages ?? [];
  const numbers = pages.flatMap((p) => p.numbers);
  // The newest answer counts: a page loaded later knows of numbers added meanwhile.
  const total = pages.at(-1)?.total;
  return (
    <SectionCard id="do-not-call" title={t("title")} description={t("description")}>
      <form
        className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          if (!number.trim()) {
            setError(t("required"));
            return;
          }
          add.mutate({ number, note: note.trim() || undefined });
        }}
        noValidate
      >
        <Field id="dnc-number" label={t("number")} error={error ?? undefined}>
          <Input
            value={number}
            onChange={(e) => setNumber(e.target.value)}
            inputMode="tel"
            autoComplete="off"
            placeholder="(512) 555-0101"
            maxLength={40}
          />
        </Field>
        <Field id="dnc-note" label={t("note")}>
          <Input value={note} onChange={(e) => setNote(e.target.value)} maxLength={200} />
        </Field>
        <Button
          type="submit"
          disabled={add.isPending}
          className="sm:mb-[var(--field-error-space,0px)]"
        >
          {add.isPending ? <Spinner /> : <Plus aria-hidden />} {t("add")}
        </Button>
      </form>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        {manage.import ? (
          <>
            <Button
              variant="secondary"
              onClick={() => fileInput.current?.click()}
              disabled={importCsv.isPending}
            >
              {importCsv.isPending ? <Spinner /> : <Upload aria-hidden />} {t("import")}
            </Button>
            <input
              ref={fileInput}
              type="file"
              accept=".csv,text/csv"
              className="sr-only"
              tabIndex={-1}
              aria-label={t("import")}
              data-testid="dnc-import-file"
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) importCsv.mutate(file);
                e.target.value = "";
              }}
            />
          </>
        ) : null}
        {manage.export ? (
          <Button
            variant="secondary"
            onClick={() => exportCsv.mutate()}
            disabled={!total || exportCsv.isPending}
          >
            {exportCsv.isPending ? <Spinner /> : <Download aria-hidden />} {t("export")}
          </Button>
        ) : null}
        <span className="text-sm text-fg-muted" aria-live="polite">
          {total === undefined ? null : t("count", { count: total })}
        </span>
      </div>
      <div className="mt-4 min-h-24">
        {list.isPending ? (
          <div className="flex justify-center p-6" role="status" aria-label={t("loading")}>
            <Spinner />
          </div>
        ) : numbers.length === 0 ? (
          <EmptyState headingLevel={3} title={list.isError ? t("loadFailed") : t("empty")} />
        ) : (
          <Table caption={t("title")}>
            <TableHead>
              <TableRow>
                <TableHeaderCell>{t("number")}</TableHeaderCell>
                {manage.notes ? <TableHeaderCell>{t("note")}</TableHeaderCell> : null}
                <TableHeaderCell>{t("addedBy")}</TableHeaderCell>
                {manage.remove ? (
                  <TableHeaderCell>
                    <span className="sr-only">{t("remove")}</span>
                  </TableHeaderCell>
                ) : null}
              </TableRow>
            </TableHead>
            <TableBody>
              {numbers.map((n) => (
                <TableRow key={n.number}>
                  <TableCell className="whitespace-nowrap font-mono">
                    <bdi dir="ltr">{n.number}</bdi>
                  </TableCell>
                  {manage.notes ? (
                    <TableCell className="max-w-48 truncate">{n.note}</TableCell>
                  ) : null}
                  {/* Author and date isolated from each other: in Arabic a Latin user name
                      beside a date would otherwise run into it ("2026/11/demo · 26"). */}
                  <TableCell className="whitespace-nowrap text-fg-muted" data-testid="dnc-added">
                    <bdi>{n.addedBy ?? "-"}</bdi> ·{" "}
                    <bdi>
                      <time dateTime={n.createdAt}>
                        {format.dateTime(new Date(n.createdAt), { dateStyle: "medium" })}
                      </time>
                    </bdi>
                  </TableCell>
                  {manage.remove ? (
                    <TableCell className="text-end">
                      <IconButton
                        label={t("removeNumber", { number: n.number })}
                        onClick={() => remove.mutate(n.number)}
                        disabled={remove.isPending}
                      >
                        <Trash2 aria-hidden />
                      </IconButton>
                    </TableCell>
                  ) : null}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        {list.hasNextPage || list.isFetchNextPageError ? (
          <div className="mt-4 flex flex-wrap items-center justify-center gap-3">
            <span className="text-sm text-fg-muted">
              {t("shown", { shown: numbers.length, total: total ?? numbers.length })}
            </span>
            <Button
              variant="secondary"
              onClick={() => void list.fetchNextPage()}
              disabled={list.isFetchingNextPage}
              data-testid="dnc-load-more"
            >
              {list.isFetchingNextPage ? t("loadingMore") : t("loadMore")}
            </Button>
            {list.isFetchNextPageError ? (
              <span role="alert" className="text-sm text-danger-text">
                {t("loadMoreFailed")}
              </span>
            ) : null}
          </div>
        ) : null}
      </div>
    </SectionCard>
  );
}
