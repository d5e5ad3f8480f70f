"use client";

import Link from "next/link";
import { useFormatter, useNow, useTranslations } from "next-intl";
import { PhoneIncoming, PhoneOutgoing } from "lucide-react";
import { IconBadge, SectionCard } from "@/components/ui";
import { CallOutcome } from "@/modules/calls/components/call-outcome";
import { isMissed } from "@/modules/calls/components/call-line-facts";
import { shownNumber } from "@/modules/calls/client/caller";
import { useCallLog } from "@/modules/calls/client/queries";
import { formatPhone } from "@/lib/format/phone";

/** How many of the rep's latest calls Profile shows (the Call Log has them all). */
const SHOWN = 5;
const allCalls = { from: null, to: null, disposition: null };

/**
 * The rep's latest calls, from their call records (the Call Log's first page, shared with it
 * through the query cache). The spec's invented sample lines are gone: nothing here is not a
 * record.
 */
export function RecentActivity() {
  const t = useTranslations("Profile");
  const tCalls = useTranslations("Calls");
  const format = useFormatter();
  const now = useNow({ updateInterval: 60_000 });
  const log = useCallLog(allCalls);
  const calls = log.data?.pages[0]?.calls.slice(0, SHOWN) ?? [];
  return (
    <SectionCard id="profile-activity" title={t("recentActivity")}>
      {log.isPending ? (
        <p className="text-sm text-fg-muted">{t("activityLoading")}</p>
      ) : log.isError ? (
        <p className="text-sm text-danger-text">{t("activityError")}</p>
      ) : calls.length === 0 ? (
        <p className="text-sm text-fg-muted" data-testid="profile-activity-empty">
          {t("activityEmpty")}
        </p>
      ) : (
        <ul className="grid gap-3" data-testid="profile-activity">
          {calls.map((call) => {
            const inbound = call.direction === "inbound";
            const shown = inbound ? shownNumber(call) : call.dialedDigits;
            return (
              <li
                key={call.id}
                className="flex items-start gap-3"
                data-testid="profile-activity-item"
              >
                <IconBadge
                  icon={inbound ? PhoneIncoming : PhoneOutgoing}
                  tone="neutral"
                  size="sm"
                  className="rounded-full"
                  iconClassName="rtl:-scale-x-100"
                />
                <div className="grid min-w-0 gap-1">
                  <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-fg">
                    <bdi dir={shown ? "ltr" : undefined} className="tabular-nums">
                      {shown ? formatPhone(shown) : tCalls("line.withheld")}
                    </bdi>
                    {isMissed(call) ? null : <CallOutcome disposition={call.disposition} />}
                  </p>
                  <time dateTime={call.startedAt} className="text-xs text-fg-muted">
                    {format.relativeTime(new Date(call.startedAt), now)}
                  </time>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <p className="mt-4 text-sm">
        <Link href="/app/call-log" className="font-medium text-primary-text hover:underline">
          {t("activityAll")}
        </Link>
      </p>
    </SectionCard>
  );
}
