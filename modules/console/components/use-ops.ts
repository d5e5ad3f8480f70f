"use client";

import { useQuery, type UseQueryOptions } from "@tanstack/react-query";
import { apiClient, ApiClientError } from "@/lib/client/api-client";
import type { Checked, Checker } from "@/lib/client/checker";

// Console data through TanStack Query and the API client with the operator's credential.

type QueryValue = string | number | undefined;

/** The console's panels that read through `useOpsQuery`, one query key each. */
export type OpsPanel =
  | "audit"
  | "build-status"
  | "db-summary"
  | "disk"
  | "env"
  | "logs"
  | "metrics"
  | "organizations"
  | "recordings"
  | "status"
  | "sysinfo"
  | "telephony"
  | "version";

/** The console's query keys: every one starts with "ops", so signing out removes them all. */
export const opsKeys = {
  all: ["ops"] as const,
  /** A panel's queries whatever their parameters: what a change there invalidates. */
  panel: (panel: OpsPanel) => ["ops", panel] as const,
  query: (panel: OpsPanel, query: Record<string, QueryValue> | null) =>
    ["ops", panel, query] as const,
  ping: (token: string | null | undefined) => ["ops", "ping", token] as const,
};

export function useOpsQuery<S extends Checker<unknown>>(
  panel: OpsPanel,
  url: string,
  schema: S,
  options: {
    query?: Record<string, QueryValue>;
    enabled?: boolean;
    refetchInterval?: UseQueryOptions<Checked<S>>["refetchInterval"];
  } = {},
) {
  return useQuery({
    queryKey: opsKeys.query(panel, options.query ?? null),
    queryFn: ({ signal }) =>
      apiClient.get(url, { schema, credential: "operator", signal, query: options.query }),
    enabled: options.enabled ?? true,
    refetchInterval: options.refetchInterval,
    staleTime: 0,
    // Keep showing the last answer while a new target or line count loads.
    placeholderData: (previous) => previous,
  });
}

export function opsPost<S extends Checker<unknown>>(
  url: string,
  schema: S,
  body: unknown = undefined,
) {
  return apiClient.post(url, body, { schema, credential: "operator" });
}

/** The server's words for a failed call: its `detail` or `error`, else the client's message. */
export function failureText(error: unknown): string {
  if (error instanceof ApiClientError) {
    const body = error.body as { detail?: unknown; error?: unknown } | undefined;
    if (body && typeof body.detail === "string" && body.detail) return body.detail;
    if (body && typeof body.error === "string" && body.error) return body.error;
    return error.message;
  }
  return error instanceof Error ? error.message : String(error);
}
