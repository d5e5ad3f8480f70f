"use client";

import { useFormatter, useTranslations } from "next-intl";
import { Phone } from "lucide-react";
import {
  Button,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from "@/components/ui";
import type { CallStats } from "@/lib/client/calls/queries";
import type { Place } from "@/lib/places/schemas";
import { formatPhone, parseAddress, readableCategory } from "@/lib/targets/format";
import { useRowFacility } from "./facility-wiring";

// The results table. Fixed column widths and row heights, and a placeholder in every cell that
// details will fill, so nothing moves while rows are enriched; on a phone it scrolls sideways.

const columns = [
  ["action", "w-24"],
  ["name", "w-64"],
  ["phone", "w-40"],
  ["dialCount", "w-24"],
  ["appointment", "w-44"],
  ["city", "w-36"],
  ["state", "w-20"],
  ["category", "w-44"],
] as const;

export type TableNotice = { kind: "loading" | "empty" | "error"; text: string } | null;

function Pending({ label }: { label: string }) {
  return (
    <span className="inline-flex h-5 w-28 items-center" data-testid="cell-pending">
      <span
        aria-hidden
        className="h-3 w-full animate-pulse rounded bg-surface-muted motion-reduce:animate-none"
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}

function Dash({ label }: { label: string }) {
  return (
    <>
      <span aria-hidden className="text-fg-muted">
        —
      </span>
      <span className="sr-only">{label}</span>
    </>
  );
}

function TargetRow({
  place,
  pending,
  dialCount,
  onOpenPlace,
  onCall,
}: {
  place: Place;
  pending: boolean;
  /** The team's dials to this place; undefined while loading, null when it failed. */
  dialCount: number | null | undefined;
  onOpenPlace: (place: Place) => void;
  onCall: (place: Place) => void;
}) {
  const t = useTranslations("Targets");
  const format = useFormatter();
  const facility = useRowFacility(place.place_id);
  const parsed = parseAddress(place.address);
  const override = facility.addressOverride;
  const city = override?.city || parsed.city;
  const state = override?.state || parsed.state;
  const name = place.name.trim() || t("unnamed");
  const phone = formatPhone(place.phone);
  const category = readableCategory(place.primaryType);
  const none = t("none");
  return (
    <TableRow className="h-12" data-testid="target-row" data-place-id={place.place_id}>
      <TableCell>
        <Button
          size="sm"
          variant="success"
          disabled={!place.phone}
          aria-label={t("callPlace", { name })}
          title={place.phone ? undefined : pending ? t("detailsPending") : t("noPhone")}
          onClick={() => onCall(place)}
          data-testid="target-call"
        >
          <Phone aria-hidden />
          {t("call")}
        </Button>
      </TableCell>
      <TableCell className="max-w-0">
        <button
          type="button"
          onClick={() => onOpenPlace(place)}
          className="block max-w-full truncate rounded text-start font-medium text-primary-text underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-focus"
          title={name}
          data-testid="target-name"
        >
          {name}
        </button>
      </TableCell>
      <TableCell className="whitespace-nowrap tabular-nums" data-testid="target-phone">
        {phone ? (
          <bdi dir="ltr">{phone}</bdi>
        ) : pending ? (
          <Pending label={t("detailsPending")} />
        ) : (
          <Dash label={t("noPhone")} />
        )}
      </TableCell>
      <TableCell className="tabular-nums" data-testid="target-dials">
        {dialCount === undefined ? (
          <Pending label={t("loading")} />
        ) : dialCount === null ? (
          <Dash label={none} />
        ) : (
          format.number(dialCount)
        )}
      </TableCell>
      <TableCell className="whitespace-nowrap" data-testid="target-appointment">
        {facility.nextAppointment === null ? (
          <Dash label={none} />
        ) : (
          // The rep's own time zone (the browser's), as in the drawer; never rendered on the server.
          format.dateTime(facility.nextAppointment, {
            dateStyle: "medium",
            timeStyle: "short",
            timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
          })
        )}
      </TableCell>
      <TableCell className="max-w-0 truncate" data-testid="target-city">
        {city ?? <Dash label={none} />}
      </TableCell>
      <TableCell data-testid="target-state">{state ?? <Dash label={none} />}</TableCell>
      <TableCell className="max-w-0 truncate" data-testid="target-category">
        {category || <Dash label={none} />}
      </TableCell>
    </TableRow>
  );
}

export function TargetsTable({
  query,
  places,
  settledIds,
  notice,
  dialCounts,
  countsFailed = false,
  onOpenPlace,
  onCall,
}: {
  query: string;
  places: Place[];
  settledIds: ReadonlySet<string>;
  /** Dial Count per place id from the call records (null until loaded). */
  dialCounts: CallStats["places"] | null;
  countsFailed?: boolean;
  /** A row under the results: Loading..., No results. or the error text (spec 8). */
  notice: TableNotice;
  onOpenPlace: (place: Place) => void;
  onCall: (place: Place) => void;
}) {
  const t = useTranslations("Targets");
  return (
    <Table
      className="min-w-[58rem] table-fixed"
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
        {places.map((place) => (
          <TargetRow
            key={place.place_id}
            place={place}
            pending={!settledIds.has(place.place_id)}
            dialCount={countsFailed ? null : (dialCounts?.[place.place_id]?.dialCount ?? undefined)}
            onOpenPlace={onOpenPlace}
            onCall={onCall}
          />
        ))}
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
