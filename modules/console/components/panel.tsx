"use client";

import { useTranslations } from "next-intl";
import { AlertCircle, RefreshCw } from "lucide-react";
import { Card, IconButton, Spinner, cn } from "@/components/ui";
import { failureText } from "@/modules/console/hooks/use-ops";

/** One console panel: a titled card whose body is loading, failed or filled. */
export function Panel({
  id,
  title,
  onRefresh,
  refreshing,
  actions,
  className,
  children,
}: {
  id: string;
  title: string;
  onRefresh?: () => void;
  refreshing?: boolean;
  actions?: React.ReactNode;
  className?: string;
  children: React.ReactNode;
}) {
  const t = useTranslations("Admin.console");
  return (
    <Card
      id={id}
      title={title}
      className={cn("flex min-w-0 flex-col", className)}
      actions={
        <>
          {actions}
          {onRefresh ? (
            <IconButton
              label={`${t("refresh")}: ${title}`}
              variant="ghost"
              size="sm"
              onClick={onRefresh}
              disabled={refreshing}
            >
              <RefreshCw
                aria-hidden
                className={cn(refreshing && "animate-spin motion-reduce:animate-none")}
              />
            </IconButton>
          ) : null}
        </>
      }
    >
      {children}
    </Card>
  );
}

/** Loading and error states for a panel's query; renders children once data is there. */
export function QueryBody<T>({
  query,
  errorTitle,
  children,
}: {
  query: { data: T | undefined; error: unknown; isPending: boolean };
  errorTitle?: string;
  children: (data: T) => React.ReactNode;
}) {
  const t = useTranslations("Admin.console");
  if (query.data !== undefined) {
    return (
      <>
        {query.error ? <ErrorLine title={errorTitle} error={query.error} /> : null}
        {children(query.data)}
      </>
    );
  }
  if (query.error) return <ErrorLine title={errorTitle} error={query.error} />;
  return (
    <p className="flex items-center gap-2 text-sm text-fg-muted" role="status">
      <Spinner /> {t("loading")}
    </p>
  );
}

export function ErrorLine({ title, error }: { title?: string; error: unknown }) {
  const t = useTranslations("Admin.console");
  const text = failureText(error);
  return (
    <p
      role="alert"
      className="mb-3 flex items-start gap-2 rounded-lg bg-danger-soft px-3 py-2 text-sm text-danger-soft-fg"
    >
      <AlertCircle aria-hidden className="mt-0.5 size-4 shrink-0" />
      <span className="min-w-0 break-words">
        {title ? `${title}: ${text}` : t("loadFailed", { error: text })}
      </span>
    </p>
  );
}

/** A result line under an action: success or failure, announced politely. */
export function ResultLine({
  tone,
  children,
}: {
  tone: "success" | "danger";
  children: React.ReactNode;
}) {
  return (
    <p
      role={tone === "danger" ? "alert" : "status"}
      className={cn(
        "mt-3 break-words rounded-lg px-3 py-2 text-sm",
        tone === "success"
          ? "bg-success-soft text-success-soft-fg"
          : "bg-danger-soft text-danger-soft-fg",
      )}
    >
      {children}
    </p>
  );
}

/** Label/value pairs; values in tabular numerals, isolated, wrapping instead of overflowing. */
export function Facts({
  items,
}: {
  items: { label: string; value: React.ReactNode; mono?: boolean }[];
}) {
  return (
    <dl className="grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
      {items.map((item) => (
        <div key={item.label} className="contents">
          <dt className="text-fg-muted">{item.label}</dt>
          <dd
            className={cn(
              "min-w-0 break-words text-end font-medium tabular-nums text-fg",
              item.mono && "font-mono text-xs",
            )}
          >
            {/* Isolated, so that in Arabic a figure and its unit keep their order beside the
                label; identifiers (mono: host names, releases, commits) read left to right. */}
            <bdi dir={item.mono ? "ltr" : undefined}>{item.value}</bdi>
          </dd>
        </div>
      ))}
    </dl>
  );
}
