"use client";

import type { ReactNode } from "react";
import { useTranslations } from "next-intl";
import { Table, TableBody, TableHead, TableHeaderCell } from "@/components/ui";

// The results table. Fixed column widths and row heights, and a placeholder in every cell that
// details will fill, so nothing moves while rows are enriched. Below the sm breakpoint the same
// rows become a list of cards (name and Call, then phone, hours and dial count, each labelled;
// targets-rows.tsx), so a phone never scrolls sideways and the results start near the top.
//
// The columns follow the room the table has (a container query, not the window): below 67rem
// (beside the docked dialer at 1366 px the table has ~708 px) it keeps what a rep works a list
// by (Call, name, phone, hours, dial count) and leaves appointment, city, state and category to
// the business's drawer, instead of scrolling sideways. The widths sit on the header cells, so
// a hidden column takes no width (a <col> cannot be hidden).

/** The classes a column's cells take where the table is narrower than all its columns. */
export const wideOnly = "@max-[67rem]:hidden";

const columns = [
  ["action", "w-24"],
  ["name", "@min-[67rem]:w-52"],
  ["phone", "w-36 @min-[67rem]:w-40"],
  ["hours", "w-44 @min-[67rem]:w-48"],
  ["dialCount", "w-28"],
  ["appointment", `w-44 ${wideOnly}`],
  ["city", `w-36 ${wideOnly}`],
  ["state", `w-20 ${wideOnly}`],
  ["category", `w-44 ${wideOnly}`],
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
    <div className="@container">
      <Table
        className="max-sm:block sm:table-fixed @min-[67rem]:min-w-[67rem]"
        caption={t("tableCaption", { query })}
        data-testid="targets-table"
      >
        {/* Every column, so that a notice row spanning them all does not make the columns the
            narrow table hides into columns of its own (they would share Name's width until the
            rows replace the notice: a layout shift). Hidden, they are zero wide here; the widths
            otherwise sit on the header cells. */}
        <colgroup className="max-sm:hidden">
          {columns.map(([key, width]) => (
            <col key={key} className={width.includes(wideOnly) ? "@max-[67rem]:w-0" : undefined} />
          ))}
        </colgroup>
        <TableHead className="max-sm:hidden">
          <tr>
            {columns.map(([key, width]) => (
              <TableHeaderCell key={key} className={width}>
                {t(`columns.${key}`)}
              </TableHeaderCell>
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
    </div>
  );
}
