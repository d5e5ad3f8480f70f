"use client";

import { isolate } from "@/lib/format/bidi";
import { instantFormat } from "@/lib/format/date-time";
import { useFormatter, useTranslations } from "next-intl";
import { Spinner } from "@/components/ui";
import { usePlaceCalls } from "@/modules/calls/client/queries";
import { formatDuration } from "@/lib/format/duration";
import { CallOutcome } from "./call-outcome";
import { RecordingControl } from "@/modules/recordings/components/recording-control";

/** The facility drawer's Call Logs: the team's calls to this business, newest first. */
export function PlaceCallList({ placeId }: { placeId: string }) {
  const t = useTranslations("Calls");
  const format = useFormatter();
  const query = usePlaceCalls(placeId);
  if (query.isPending) {
    return (
      <p className="flex items-center gap-2 text-sm text-fg-muted" role="status">
        <Spinner className="size-4" />
        {t("place.loading")}
      </p>
    );
  }
  if (query.isError) {
    return (
      <p className="text-sm text-danger-text" role="alert">
        {t("place.error")}
      </p>
    );
  }
  const calls = query.data.calls;
  if (calls.length === 0) {
    return (
      <p className="text-sm text-fg-muted" data-testid="place-calls-empty">
        {t("place.empty")}
      </p>
    );
  }
  return (
    <ul className="grid gap-2" data-testid="place-calls">
      {calls.map((call) => (
        <li
          key={call.id}
          className="grid gap-1 rounded-lg border border-line px-3 py-2 text-sm"
          data-testid="place-call"
          data-call-id={call.id}
        >
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="min-w-0 truncate text-fg">
              {t("place.by", {
                agent: isolate(call.agent),
                time: isolate(format.dateTime(new Date(call.startedAt), instantFormat)),
              })}
            </span>
            <CallOutcome disposition={call.disposition} />
          </div>
          <p className="text-xs text-fg-muted">
            {call.connectedAt ? (
              t("log.talk", { duration: formatDuration(call.talkSeconds ?? 0) })
            ) : (
              <>{t("notConnected")}</>
            )}
          </p>
          {call.note ? <p className="break-words text-xs text-fg">{call.note}</p> : null}
          {call.recordings?.length ? (
            <div className="flex flex-wrap items-center gap-2">
              <RecordingControl call={call} />
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
