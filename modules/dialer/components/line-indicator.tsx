"use client";

import { useTranslations } from "next-intl";
import { Tooltip } from "@/components/ui/tooltip";
import { useDialerCommands, useDialerValue } from "@/modules/dialer/components/dialer-provider";

const DOT = {
  registered: "bg-emerald-500",
  connecting: "bg-amber-500 animate-pulse motion-reduce:animate-none",
  offline: "bg-red-500",
} as const;

/**
 * The phone line in the top bar: ready, connecting (with the attempt), or offline and why.
 * Nothing without a line (the simulation). In another tab's hands, it offers to take it over.
 */
export function LineIndicator() {
  const t = useTranslations("Dialer.line");
  const line = useDialerValue((s) => s.line);
  const { takeOverLine, retryLine } = useDialerCommands();
  if (!line) return null;
  let short: string;
  let long: string;
  switch (line.state) {
    case "registered":
      short = long = t("registered");
      break;
    case "connecting":
      short = t("connecting");
      long = line.attempt > 1 ? t("connectingRetry", { attempt: line.attempt }) : short;
      break;
    case "offline":
      short = t("offline");
      long = `${short}. ${t(`reason.${line.reason}`)}`;
      break;
  }
  const takeOver = line.state === "offline" && line.reason === "other-tab";
  // Beside the back-off: the rep need not wait for the next attempt (the edge is back, say).
  const retry = line.state === "offline" && line.retryAt !== undefined;
  return (
    <div className="flex min-w-6 shrink-0 items-center gap-1.5 xl:min-w-28">
      <Tooltip content={long}>
        <span
          tabIndex={0}
          role="status"
          aria-label={t("label", { state: long })}
          data-testid="line-indicator"
          data-line-state={line.state}
          data-retry-at={line.state === "offline" ? line.retryAt : undefined}
          className="inline-flex h-8 items-center gap-1.5 rounded-md px-2 text-xs font-medium text-fg-muted outline-none focus-visible:ring-2 focus-visible:ring-focus"
        >
          <span aria-hidden className={`size-2 rounded-full ${DOT[line.state]}`} />
          <span className="hidden whitespace-nowrap xl:inline">{short}</span>
        </span>
      </Tooltip>
      {takeOver ? (
        <button
          type="button"
          onClick={takeOverLine}
          className="whitespace-nowrap rounded-md px-2 py-1 text-xs font-medium text-primary-text underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-focus"
        >
          {t("takeOver")}
        </button>
      ) : null}
      {retry ? (
        <button
          type="button"
          onClick={retryLine}
          data-testid="line-retry"
          className="whitespace-nowrap rounded-md px-2 py-1 text-xs font-medium text-primary-text underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-focus"
        >
          {t("retryNow")}
        </button>
      ) : null}
    </div>
  );
}
