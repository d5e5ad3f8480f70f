"use client";

import { useFormatter, useTranslations } from "next-intl";
import { Ban, Phone } from "lucide-react";
import { Button, TableCell, TableRow } from "@/components/ui";
import type { CallStats } from "@/modules/calls/client/queries";
import type { Place } from "@/modules/places/lib/schemas";
import { formatPhone, parseAddress, readableCategory } from "@/modules/targets/lib/format";
import { CallingWindowLabel, useMinuteClock } from "./calling-window-cell";
import { useRowFacility } from "./row-facility";
import { wideOnly } from "./targets-table";

// The results table's rows (targets-table.tsx draws the table, its header and its notice row).
// Rows exist only once a search answered, so their code (formatting, calling windows, the
// facility store) loads with the search's (targets-runtime.ts), not with the page. A
// placeholder in every cell that details will fill, so nothing moves while rows are enriched.

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

// On phones each row is a card: a grid with the name and Call on the first line, then the
// labelled phone, hours and dial count; the columns a card leaves out are hidden there. A
// card's label is its column's name drawn from `data-label` (the hidden header said it), so the
// cell's own text stays the value.
const card = {
  row: "max-sm:grid max-sm:h-auto max-sm:grid-cols-[minmax(0,1fr)_auto] max-sm:items-center max-sm:gap-x-3 max-sm:px-3 max-sm:py-3",
  cell: "max-sm:col-span-2 max-sm:block max-sm:px-0 max-sm:py-0.5 max-sm:before:me-2 max-sm:before:text-xs max-sm:before:font-semibold max-sm:before:text-fg-muted max-sm:before:content-[attr(data-label)]",
  hidden: `max-sm:hidden ${wideOnly}`,
};

function TargetRow({
  place,
  pending,
  dialCount,
  now,
  doNotCall,
  onOpenPlace,
  onCall,
}: {
  place: Place;
  pending: boolean;
  /** Its phone is on the team's do-not-call list: no Call, and the row says why. */
  doNotCall: boolean;
  now: Date | null;
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
    <TableRow
      className={`h-12 ${card.row}`}
      data-testid="target-row"
      data-place-id={place.place_id}
    >
      <TableCell className="max-sm:order-2 max-sm:p-0">
        {doNotCall ? (
          // The reason is the button's own text, so it is seen and heard, not only hovered.
          <Button
            size="sm"
            variant="secondary"
            disabled
            aria-label={t("doNotCallPlace", { name })}
            title={t("doNotCallReason")}
            data-testid="target-call"
            data-do-not-call=""
          >
            <Ban aria-hidden />
            {t("doNotCall")}
          </Button>
        ) : (
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
        )}
      </TableCell>
      <TableCell className="max-w-0 max-sm:order-1 max-sm:max-w-none max-sm:p-0">
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
      <TableCell
        className={`whitespace-nowrap tabular-nums max-sm:order-3 max-sm:pt-2 ${card.cell}`}
        data-testid="target-phone"
        data-label={t("columns.phone")}
      >
        {phone ? (
          <bdi dir="ltr">{phone}</bdi>
        ) : pending ? (
          <Pending label={t("detailsPending")} />
        ) : (
          <Dash label={t("noPhone")} />
        )}
      </TableCell>
      <TableCell
        className={`whitespace-nowrap text-sm max-sm:order-4 max-sm:whitespace-normal ${card.cell}`}
        data-testid="target-hours"
        data-label={t("columns.hours")}
      >
        {pending && !place.opening_hours ? (
          <Pending label={t("detailsPending")} />
        ) : (
          <CallingWindowLabel place={place} now={now} />
        )}
      </TableCell>
      <TableCell
        className={`tabular-nums max-sm:order-5 ${card.cell}`}
        data-testid="target-dials"
        data-label={t("columns.dialCount")}
      >
        {dialCount === undefined ? (
          <Pending label={t("loading")} />
        ) : dialCount === null ? (
          <Dash label={none} />
        ) : (
          format.number(dialCount)
        )}
      </TableCell>
      <TableCell className={`whitespace-nowrap ${card.hidden}`} data-testid="target-appointment">
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
      <TableCell className={`max-w-0 truncate ${card.hidden}`} data-testid="target-city">
        {city ?? <Dash label={none} />}
      </TableCell>
      <TableCell className={card.hidden} data-testid="target-state">
        {state ?? <Dash label={none} />}
      </TableCell>
      <TableCell className={`max-w-0 truncate ${card.hidden}`} data-testid="target-category">
        {category || <Dash label={none} />}
      </TableCell>
    </TableRow>
  );
}

export type TargetRowsProps = {
  places: Place[];
  settledIds: ReadonlySet<string>;
  dialCounts: CallStats["places"] | null;
  countsFailed: boolean;
  doNotCall: ReadonlySet<string> | undefined;
  onOpenPlace: (place: Place) => void;
  onCall: (place: Place) => void;
};

export function TargetRows({
  places,
  settledIds,
  dialCounts,
  countsFailed,
  doNotCall,
  onOpenPlace,
  onCall,
}: TargetRowsProps) {
  const now = useMinuteClock();
  return places.map((place) => (
    <TargetRow
      key={place.place_id}
      place={place}
      pending={!settledIds.has(place.place_id)}
      now={now}
      dialCount={countsFailed ? null : (dialCounts?.[place.place_id]?.dialCount ?? undefined)}
      doNotCall={doNotCall?.has(place.place_id) ?? false}
      onOpenPlace={onOpenPlace}
      onCall={onCall}
    />
  ));
}
