"use client";

import type { ReactNode } from "react";
import { useTranslations } from "next-intl";
import { Table, TableBody, TableHead, TableHeaderCell } from "@/components/ui";

// The results table. Fixed column widths and row heights, and a placeholder in every cell that
// details will fill, so nothing moves while rows are enriched. Below the sm breakpoint the same
// rows become a list of cards (name and Call, then phone, hours and dial count, each labelled;
// targets-rows.tsx), so a phone never scrolls sideways and the results start near the top.

const columns = [
  ["action", "w-24"],
  ["name", "w-52"],
  ["phone", "w-40"],
  ["hours", "w-48"],
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
      className="max-sm:block sm:min-w-[67rem] sm:table-fixed"
      caption={t("tableCaption", { query })}
      data-testid="targets-table"
    >
      <colgroup className="max-sm:hidden">
        {columns.map(([key, width]) => (
          <col key={key} className={width} />
        ))}
      </colgroup>
      <TableHead className="max-sm:hidden">
        <tr>
          {columns.map(([key]) => (
            <TableHeaderCell key={key}>{t(`columns.${key}`)}</TableHeaderCell>
          ))}
        </tr>
      </TableHead>
      <TableBody className="max-sm:block">
        {children}
        {notice ? (
          <tr className="h-12 max-sm:block max-sm:h-auto">
            <td
              colSpan={columns.length}
              className={
                notice.kind === "error"
                  ? "break-words px-3 py-3 font-mono text-xs text-danger-text max-sm:block"
                  : "px-3 py-3 text-center text-fg-muted max-sm:block"
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
