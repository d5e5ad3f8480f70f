"use client";

import { useFormatter, useTranslations } from "next-intl";
import { useQuery } from "@tanstack/react-query";
import { Building2, PhoneCall, PhoneMissed } from "lucide-react";
import {
  isCallActive,
  useDialerCommands,
  useDialerValue,
} from "@/modules/dialer/components/dialer-provider";
import { Button, EmptyState, IconBadge, ListError, ListLoading, Spinner } from "@/components/ui";
import type { MissedCall } from "@/modules/calls/lib/schemas";
import { callBackDigits, shownNumber } from "@/modules/calls/client/caller";
import { useMissedCalls } from "@/modules/calls/client/queries";
import { placeDetailsQuery } from "@/modules/places/client/places";
import { formatPhone } from "@/lib/format/phone";

/**
 * Missed Calls (/app/missed-calls): the rep's inbound calls that were never connected,
 * newest first, 25 at a time. Each shows the caller, when it rang, the business when the team
 * called that number before, whether someone has called back since, and Call back, which dials
 * through the dialer as a business's Call button does (with the business when there is one).
 */
export function MissedCallsView() {
  const t = useTranslations("Calls.missed");
  const missed = useMissedCalls();
  const calls = missed.data?.pages.flatMap((p) => p.calls) ?? [];

  return (
    <section aria-label={t("listLabel")} aria-busy={missed.isFetching} data-testid="missed-calls">
      {missed.isPending ? (
        <ListLoading label={t("loading")} testId="missed-calls-loading" />
      ) : missed.isError && calls.length === 0 ? (
        <ListError
          message={t("error")}
          retryLabel={t("retry")}
          onRetry={() => void missed.refetch()}
          testId="missed-calls-error"
        />
      ) : calls.length === 0 ? (
        <div data-testid="missed-calls-empty">
          <EmptyState
            icon={PhoneMissed}
            title={t("empty")}
            description={t("emptyHint")}
            headingLevel={2}
          />
        </div>
      ) : (
        <>
          <ul className="grid gap-2" data-testid="missed-calls-rows">
            {calls.map((call) => (
              <MissedCallRow key={call.id} call={call} />
            ))}
          </ul>
          {missed.hasNextPage ? (
            <div className="mt-4 flex justify-center">
              <Button
                variant="secondary"
                onClick={() => void missed.fetchNextPage()}
                disabled={missed.isFetchingNextPage}
                data-testid="missed-calls-more"
              >
                {missed.isFetchingNextPage ? t("loadingMore") : t("loadMore")}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}

/**
 * The business behind a number: only its place id is stored with calls (Google's terms), so
 * its name is read through the places route, cached under the key the Call Log uses too.
 */
function usePlaceName(placeId: string | null) {
  return useQuery({
    ...placeDetailsQuery(placeId ?? ""),
    enabled: Boolean(placeId),
    select: (answer) => answer.place.name.trim() || null,
  });
}

function MissedCallRow({ call }: { call: MissedCall }) {
  const t = useTranslations("Calls.missed");
  const format = useFormatter();
  const dialer = useDialerCommands();
  const callActive = useDialerValue(isCallActive);
  const place = usePlaceName(call.placeId);
  const placeName = place.data ?? null;
  const shown = shownNumber({ dialedDigits: call.callerDigits, dialedNumber: call.callerNumber });
  const caller = shown ? formatPhone(shown) : t("unknownCaller");
  const digits = callBackDigits(call);
  const when = (iso: string) =>
    format.dateTime(new Date(iso), { dateStyle: "medium", timeStyle: "short" });

  const callBack = () => {
    if (!digits || callActive) return;
    dialer.setMinimised(false);
    dialer.dial(digits, call.placeId ? { placeId: call.placeId, placeName } : null);
  };

  // The action sits under the call, on the start side, as in the Call Log: the floating dialer
  // rests over the end side of the page on a desktop.
  return (
    <li
      className="grid gap-2 rounded-xl border border-line bg-surface px-4 py-3"
      data-testid="missed-call"
      data-call-id={call.id}
    >
      <div className="flex min-w-0 items-start gap-3">
        <IconBadge icon={PhoneMissed} tone="danger" size="sm" />
        <div className="grid min-w-0 gap-1">
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <bdi
              dir={shown ? "ltr" : undefined}
              className="font-medium tabular-nums text-fg"
              data-testid="missed-call-caller"
            >
              {caller}
            </bdi>
            <time dateTime={call.startedAt} className="text-sm text-fg-muted">
              {when(call.startedAt)}
            </time>
            {call.declined ? (
              <span
                className="rounded-full bg-surface-muted px-2 py-0.5 text-xs text-fg-muted"
                data-testid="missed-call-declined"
              >
                {t("declined")}
              </span>
            ) : null}
          </p>
          {call.placeId ? (
            <p
              className="flex min-w-0 items-center gap-1.5 text-sm text-fg"
              data-testid="missed-call-business"
            >
              <Building2 aria-hidden className="size-4 shrink-0 text-fg-muted" />
              <span className="sr-only">{t("business")}: </span>
              <span className="min-w-0 truncate">
                {placeName ?? (
                  <span className="text-fg-muted">
                    {place.isPending ? <Spinner className="me-1 inline size-3" /> : null}
                    {t("businessLoading")}
                  </span>
                )}
              </span>
            </p>
          ) : null}
          {call.calledBackAt ? (
            <p className="text-xs text-fg-muted" data-testid="missed-call-called-back">
              {t("calledBack", { time: when(call.calledBackAt) })}
            </p>
          ) : null}
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        {digits ? (
          <Button
            size="sm"
            onClick={callBack}
            disabled={callActive}
            aria-label={t("callBackLabel", {
              caller: placeName ? `${placeName}, ${caller}` : caller,
            })}
            data-testid="missed-call-back"
          >
            <PhoneCall aria-hidden />
            {t("callBack")}
          </Button>
        ) : (
          <span className="text-xs text-fg-muted">{t("noCallBack")}</span>
        )}
      </div>
    </li>
  );
}
