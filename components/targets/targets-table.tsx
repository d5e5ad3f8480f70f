"use client";

import type { ReactNode } from "react";
import { useTranslations } from "next-intl";
import { Table, TableBody, TableHead, TableHeaderCell } from "@/components/ui";

// The results table. Fixed column widths and row heights, and a placeholder in every cell that
// details will fill, so nothing moves while rows are enriched; on a phone it scrolls sideways.

const columns = [
  ["action", "w-24"],
  ["name", "w-64"],
  ["phone", "w-40"],
  ["hours", "w-36"],
  ["dialCount", "w-24"],
  ["appointment", "w-44"],
  ["city", "w-36"],
  ["state", "w-20"],
  ["category", "w-44"],
] as const;

export type TableNotice = { kind: "loading" | "empty" | "error"; text: string } | null;

export function TargetsTable({
  query,
  notice,
  children,
}: {
  query: string;
  /** A row under the results: Loading..., No results. or the error text (spec 8). */
  notice: TableNotice;
  /** The result rows (targets-rows.tsx). */
  children?: ReactNode;
}) {
  const t = useTranslations("Targets");
  return (
    <Table
      className="min-w-[67rem] table-fixed"
      caption={t("tableCaption", { query })}
      data-testid="targets-table"
    >
      <colgroup>
        {columns.map(([key, width]) => (
          <col key={key} className={width} />
        ))}
      </colgroup>
      <TableHead>
        <tr>
          {columns.map(([key]) => (
            <TableHeaderCell key={key}>{t(`columns.${key}`)}</TableHeaderCell>
          ))}
        </tr>
      </TableHead>
      <TableBody>
        {children}
        {notice ? (
          <tr className="h-12">
            <td
              colSpan={columns.length}
              className={
                notice.kind === "error"
                  ? "break-words px-3 py-3 font-mono text-xs text-danger-text"
                  : "px-3 py-3 text-center text-fg-muted"
              }
              data-testid={`targets-table-${notice.kind}`}
            >
              {notice.text}
            </td>
          </tr>
        ) : null}
      </TableBody>
    </Table>
  );
}
