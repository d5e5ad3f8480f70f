"use client";

import { useMemo, useState } from "react";
import { useTranslations } from "next-intl";
import { useDialerCommands } from "@/modules/dialer/components/dialer-provider";
import { FacilityBackup } from "@/modules/facility/components/facility-backup";
import { Button, PageHeader, cn } from "@/components/ui";
import type { Place } from "@/modules/places/lib/schemas";
import { targetsStatus, type TargetsStatus } from "@/modules/targets/lib/search-state";
import { DialSettingsContext } from "./dial-settings-context";
import { TargetsFacilityDrawer } from "./facility-wiring";
import { TargetsStatusLine } from "./targets-status";
import { TargetsTable, type TableNotice } from "./targets-table";
import type { TargetsQueryData } from "./targets-queries";
import { useTargetsSearch } from "./use-targets-search";

const noQueryData: TargetsQueryData = {
  stats: undefined,
  statsFailed: false,
  dialSettings: undefined,
  doNotCall: undefined,
};

/** The Targets screen (spec 2 "Targets"): stats, search, status, results, Load More. */
export function TargetsView({
  q,
  ts,
  mapsKey,
  searchForm,
  statsFallback,
}: {
  q: string | null;
  ts: string | null;
  /** The browser maps key for the drawer's map popup. */
  mapsKey: string | null;
  /** The inline search, shown without ?q (server-rendered: TargetsSearchForm). */
  searchForm: React.ReactNode;
  /** The stats bar before the runtime brings its numbers (server-rendered, with dashes). */
  statsFallback: React.ReactNode;
}) {
  const t = useTranslations("Targets");
  const tNav = useTranslations("Nav");
  const { state, loadMore, runtime } = useTargetsSearch(q, ts);
  const raw = targetsStatus(state);
  // Before the first effect (and on the server) a page with ?q is about to search.
  const status: TargetsStatus = q && raw.kind === "idle" ? { kind: "searching" } : raw;
  const dialer = useDialerCommands();
  const [openPlace, setOpenPlace] = useState<Place | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  // The drawer is a panel beside the dialer in every flow, so the rep can end the call, answer
  // its outcome and type a note without closing it. One a session moves on takes no focus; one
  // the rep opens from a row does.
  const [drawerDriven, setDrawerDriven] = useState(false);
  const openDrawer = (place: Place, driven: boolean) => {
    setOpenPlace(place);
    setDrawerDriven(driven);
    setDrawerOpen(true);
  };

  // Dial Count and today's numbers are the team's, from the call records; they refresh when a
  // call is saved (the call outbox invalidates every "calls" query).
  const placeIds = useMemo(() => state.places.map((p) => p.place_id), [state.places]);
  // Checked against the do-not-call list once every row has its phone (one request, not one
  // per enriched row).
  const dialable = useMemo(
    () =>
      state.places.every((p) => state.settledIds.has(p.place_id))
        ? state.places.flatMap((p) => (p.phone ? [{ placeId: p.place_id, phone: p.phone }] : []))
        : [],
    [state.places, state.settledIds],
  );
  const [queried, setQueried] = useState<TargetsQueryData>(noQueryData);
  const stats = queried.stats;

  const dialPlace = (
    place: Pick<Place, "place_id" | "name" | "utc_offset_minutes" | "primaryType">,
    phone: string | null,
  ) => {
    // Calls start from rows, power dialing and the drawer, which all come after the runtime.
    const digits = runtime?.dialableDigits(phone);
    if (!runtime || !digits || dialer.isCallActive()) return;
    dialer.setMinimised(false);
    dialer.dial(digits, {
      placeId: place.place_id,
      placeName: place.name.trim() || null,
      ...runtime.businessContextOf(place),
    });
  };

  const errorText = state.error
    ? t("errorText", { status: state.error.status, body: state.error.body })
    : null;
  let notice: TableNotice = null;
  if (status.kind === "searching") notice = { kind: "loading", text: t("loading") };
  else if (status.kind === "empty") notice = { kind: "empty", text: t("status.empty") };
  else if (errorText) notice = { kind: "error", text: errorText };

  return (
    <div className="min-w-0">
      <PageHeader title={tNav("targets")}>
        <FacilityBackup className="justify-items-end" />
        {state.demo && runtime ? <runtime.DemoBadge /> : null}
      </PageHeader>
      <div className="grid gap-4">
        {runtime ? (
          <runtime.StatsBar
            today={stats?.today ?? null}
            notesToday={stats?.notesToday ?? null}
            failed={queried.statsFailed}
          />
        ) : (
          statsFallback
        )}
        {q ? null : searchForm}
        {q ? (
          <section aria-label={t("tableCaption", { query: state.query || q })} className="min-w-0">
            <TargetsStatusLine status={status} Bar={runtime?.ProgressBar ?? null} />
            {/* At the start side (the floating dialer rests at the end). Its row is kept while
                the results load, hidden until there are some, so the table does not move down
                when they arrive (CLS 0). */}
            <div
              className={cn("mb-3 flex justify-start", state.places.length === 0 && "invisible")}
            >
              {runtime ? (
                <runtime.PowerDialHost
                  places={state.places}
                  onOpenPlace={(place) => openDrawer(place, true)}
                  onClosePlace={() => setDrawerOpen(false)}
                />
              ) : (
                // The button's height until its code loads (there are no results before it).
                <span aria-hidden className="block h-10" />
              )}
            </div>
            {/* Errors come from the search, which runs with the runtime. When the runtime itself
                fails to load, the status line and the table's notice row say so. */}
            {errorText && runtime ? <runtime.TargetsErrorPanel text={errorText} /> : null}
            <DialSettingsContext value={queried.dialSettings}>
              <TargetsTable query={state.query || q} notice={notice}>
                {runtime ? (
                  <runtime.TargetRows
                    places={state.places}
                    settledIds={state.settledIds}
                    dialCounts={stats?.places ?? null}
                    countsFailed={queried.statsFailed}
                    doNotCall={queried.doNotCall}
                    onOpenPlace={(place) => openDrawer(place, false)}
                    onCall={(place) => dialPlace(place, place.phone)}
                  />
                ) : null}
              </TargetsTable>
            </DialSettingsContext>
            {state.nextPageToken && state.phase === "results" ? (
              <div className="mt-4 flex justify-center">
                <Button
                  variant="secondary"
                  onClick={loadMore}
                  disabled={state.loadingMore}
                  data-testid="targets-load-more"
                >
                  {state.loadingMore ? t("loadingMore") : t("loadMore")}
                </Button>
              </div>
            ) : null}
          </section>
        ) : null}
      </div>
      {/* The screen's TanStack queries (call stats, dial settings) come with the runtime: their
          numbers are not in the first paint (a dash holds each), their code need not be. */}
      {runtime ? (
        <runtime.TargetsQueries placeIds={placeIds} dialable={dialable} onData={setQueried} />
      ) : null}
      <TargetsFacilityDrawer
        place={
          openPlace
            ? (state.places.find((p) => p.place_id === openPlace.place_id) ?? openPlace)
            : null
        }
        open={drawerOpen}
        onOpenChange={setDrawerOpen}
        driven={drawerDriven}
        onCall={(phone) => openPlace && dialPlace(openPlace, phone)}
        mapsKey={mapsKey}
      />
    </div>
  );
}
