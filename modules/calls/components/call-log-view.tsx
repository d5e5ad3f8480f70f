"use client";

import { instantFormat } from "@/lib/format/date-time";
import { useState } from "react";
import { useFormatter, useTranslations } from "next-intl";
import { toast } from "@/components/ui/toaster";
import { Building2, ListChecks, PencilLine, X } from "lucide-react";
import { PlaceDrawer } from "@/modules/facility/components/place-drawer";
import { usePlaceDrawer } from "@/modules/facility/components/use-place-drawer";
import {
  Button,
  EmptyState,
  Field,
  Input,
  ListError,
  ListLoading,
  NativeSelect,
  Spinner,
} from "@/components/ui";
import { DISPOSITIONS } from "@/modules/calls/lib/dispositions";
import type { CallDto } from "@/modules/calls/lib/schemas";
import {
  emptyCallLogForm,
  isFiltered,
  toCallLogFilters,
  type CallLogForm,
} from "@/modules/calls/client/call-log-filters";
import { useCallLog } from "@/modules/calls/client/queries";
import { formatDuration } from "@/lib/format/duration";
import { formatPhone } from "@/lib/format/phone";
import { nationalDisplay } from "@/modules/calls/client/audit-call";
import { shownNumber } from "@/modules/calls/client/caller";
import { CallLineFacts, DirectionBadge, isMissed } from "./call-line-facts";
import { CallOutcome } from "./call-outcome";
import { CallOutcomeDialog } from "./call-outcome-dialog";
import { RecordingControl } from "@/modules/recordings/components/recording-control";

/**
 * Call Log (/app/call-log): the rep's own calls, newest first, 25 at a time (Load more follows
 * the server's cursor), filtered by day range and outcome. A call to a business opens its
 * facility drawer (the place is fetched by id: only the id is stored with the call); a call
 * without an outcome can be given one here.
 */
export function CallLogView() {
  const t = useTranslations("Calls.log");
  const tCalls = useTranslations("Calls");
  const [form, setForm] = useState<CallLogForm>(emptyCallLogForm);
  const filters = toCallLogFilters(form);
  const log = useCallLog(filters);
  const calls = log.data?.pages.flatMap((p) => p.calls) ?? [];
  const [outcomeFor, setOutcomeFor] = useState<CallDto | null>(null);
  // The call keeps only the place id (Google's terms); the drawer fetches the place.
  const drawer = usePlaceDrawer({ onError: () => toast.error(t("placeError")) });

  return (
    <div className="grid gap-4">
      <form
        role="search"
        aria-label={t("filters")}
        onSubmit={(e) => e.preventDefault()}
        className="flex flex-wrap items-end gap-3 rounded-xl border border-line bg-surface p-3"
      >
        <Field label={t("from")} className="min-w-0 flex-1 basis-36">
          <Input
            type="date"
            value={form.from}
            onChange={(e) => setForm((f) => ({ ...f, from: e.target.value }))}
            data-testid="call-log-from"
          />
        </Field>
        <Field label={t("to")} className="min-w-0 flex-1 basis-36">
          <Input
            type="date"
            value={form.to}
            onChange={(e) => setForm((f) => ({ ...f, to: e.target.value }))}
            data-testid="call-log-to"
          />
        </Field>
        <Field label={t("outcome")} className="min-w-0 flex-1 basis-44">
          <NativeSelect
            value={form.disposition}
            onChange={(e) => setForm((f) => ({ ...f, disposition: e.target.value }))}
            data-testid="call-log-outcome"
          >
            <option value="">{t("allOutcomes")}</option>
            {DISPOSITIONS.map((d) => (
              <option key={d} value={d}>
                {tCalls(`dispositions.${d}`)}
              </option>
            ))}
            <option value="undisposed">{tCalls("undisposed")}</option>
          </NativeSelect>
        </Field>
        {isFiltered(form) ? (
          <Button type="button" variant="ghost" onClick={() => setForm(emptyCallLogForm)}>
            <X aria-hidden />
            {t("clear")}
          </Button>
        ) : null}
      </form>

      <section aria-label={t("listLabel")} aria-busy={log.isFetching} data-testid="call-log">
        {log.isPending ? (
          <ListLoading label={t("loading")} testId="call-log-loading" />
        ) : log.isError && calls.length === 0 ? (
          <ListError
            message={t("error")}
            retryLabel={t("retry")}
            onRetry={() => void log.refetch()}
            testId="call-log-error"
          />
        ) : calls.length === 0 ? (
          <EmptyState
            icon={ListChecks}
            title={isFiltered(form) ? t("empty") : t("emptyAll")}
            headingLevel={2}
          />
        ) : (
          <>
            <ul className="grid gap-2" data-testid="call-log-rows">
              {calls.map((call) => (
                <CallRow
                  key={call.id}
                  call={call}
                  onOpenBusiness={(id) => void drawer.openPlace(id)}
                  opening={drawer.opening !== null && drawer.opening === call.placeId}
                  onAddOutcome={() => setOutcomeFor(call)}
                />
              ))}
            </ul>
            {log.hasNextPage ? (
              <div className="mt-4 flex justify-center">
                <Button
                  variant="secondary"
                  onClick={() => void log.fetchNextPage()}
                  disabled={log.isFetchingNextPage}
                  data-testid="call-log-more"
                >
                  {log.isFetchingNextPage ? t("loadingMore") : t("loadMore")}
                </Button>
              </div>
            ) : null}
          </>
        )}
      </section>

      <PlaceDrawer drawer={drawer} />
      <CallOutcomeDialog call={outcomeFor} onClose={() => setOutcomeFor(null)} />
    </div>
  );
}

function CallRow({
  call,
  onOpenBusiness,
  opening,
  onAddOutcome,
}: {
  call: CallDto;
  onOpenBusiness: (placeId: string) => void;
  opening: boolean;
  onAddOutcome: () => void;
}) {
  const t = useTranslations("Calls");
  const format = useFormatter();
  const started = new Date(call.startedAt);
  const inbound = call.direction === "inbound";
  // An inbound call shows the caller's number as the line gave it (read as a number when it is
  // one); a withheld caller says so.
  const shown = inbound ? shownNumber(call) : call.dialedDigits;
  const number = shown ? formatPhone(shown) : t("line.withheld");
  // A missed call has nothing to disposition: its badge says Missed instead.
  const missed = isMissed(call);
  // The actions sit under the call, on the start side: the floating dialer rests over the end
  // side of the page on a desktop and would cover them there.
  return (
    <li
      className="grid gap-2 rounded-xl border border-line bg-surface px-4 py-3"
      data-testid="call-log-row"
      data-call-id={call.id}
    >
      <div className="grid min-w-0 gap-1">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <time dateTime={call.startedAt} className="text-sm font-medium text-fg">
            {format.dateTime(started, instantFormat)}
          </time>
          <DirectionBadge call={call} />
          {missed ? null : <CallOutcome disposition={call.disposition} />}
        </div>
        {call.businessName ? (
          <p
            className="flex min-w-0 items-center gap-1.5 text-sm font-medium text-fg"
            data-testid="call-log-business"
          >
            <Building2 aria-hidden className="size-4 shrink-0 text-fg-muted" />
            <bdi className="min-w-0 truncate">{call.businessName}</bdi>
          </p>
        ) : null}
        <p className="flex flex-wrap gap-x-3 text-sm text-fg-muted">
          <bdi
            dir={shown ? "ltr" : undefined}
            className="tabular-nums text-fg"
            data-testid="call-log-number"
          >
            {number}
          </bdi>
          {!inbound && call.originatingNumber ? (
            // The caller ID the call presented: the team's number closest to the business.
            <span data-testid="call-log-caller-id">
              {t.rich("log.callerId", {
                number: () => (
                  <bdi dir="ltr" className="tabular-nums">
                    {formatPhone(nationalDisplay(call.originatingNumber!))}
                  </bdi>
                ),
              })}
            </span>
          ) : null}
          <span>
            {call.connectedAt
              ? t("log.talk", { duration: formatDuration(call.talkSeconds ?? 0) })
              : t("notConnected")}
          </span>
          {call.saleAmount ? (
            <span>
              {t("log.saleAmount", {
                amount: format.number(Number(call.saleAmount), {
                  style: "currency",
                  currency: "USD",
                }),
              })}
            </span>
          ) : null}
          {call.callbackAt ? (
            <span>
              {t("log.callbackAt", {
                time: format.dateTime(new Date(call.callbackAt), instantFormat),
              })}
            </span>
          ) : null}
        </p>
        <CallLineFacts call={call} />
        {call.note ? (
          <p className="break-words text-sm text-fg" data-testid="call-log-note">
            {call.note}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2 empty:hidden">
        {missed ? null : (
          // A saved outcome can be corrected (a mis-keyed 1-9); the server audits the change.
          <Button
            size="sm"
            variant="secondary"
            onClick={onAddOutcome}
            data-testid={
              call.disposition === null ? "call-log-add-outcome" : "call-log-correct-outcome"
            }
          >
            <PencilLine aria-hidden />
            {call.disposition === null ? t("log.addOutcome") : t("log.correctOutcome")}
          </Button>
        )}
        {call.placeId ? (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => onOpenBusiness(call.placeId!)}
            disabled={opening}
            aria-label={`${t("log.openBusiness")} (${number})`}
          >
            {opening ? <Spinner /> : <Building2 aria-hidden />}
            {opening ? t("log.placeLoading") : t("log.openBusiness")}
          </Button>
        ) : inbound ? null : (
          <span className="self-center text-xs text-fg-muted">{t("log.noBusiness")}</span>
        )}
        <RecordingControl call={call} />
      </div>
    </li>
  );
}
