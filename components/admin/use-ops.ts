"use client";

import { useQuery, type UseQueryOptions } from "@tanstack/react-query";
import { apiClient, ApiClientError } from "@/lib/client/api-client";
import type { Checked, Checker } from "@/lib/client/checker";

// Console data through TanStack Query and the API client with the operator's credential.

type QueryValue = string | number | undefined;

export function useOpsQuery<S extends Checker<unknown>>(
  key: string,
  url: string,
  schema: S,
  options: {
    query?: Record<string, QueryValue>;
    enabled?: boolean;
    refetchInterval?: UseQueryOptions<Checked<S>>["refetchInterval"];
  } = {},
) {
  return useQuery({
    queryKey: ["ops", key, options.query ?? null],
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
