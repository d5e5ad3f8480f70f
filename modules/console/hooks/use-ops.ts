"use client";

import { useQuery, useQueryClient, type UseQueryOptions } from "@tanstack/react-query";
import { z } from "zod";
import { pingResponseSchema } from "@/lib/auth/schemas";
import { apiClient, ApiClientError } from "@/lib/client/api-client";
import type { Checked, Checker } from "@/lib/client/checker";
import { recordingOverviewSchema, type RecordingMode } from "@/modules/recordings/lib/schemas";

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

/** Asks the console's panels again, each with every parameter (what a change there touched). */
export function useRefreshOpsPanels() {
  const queryClient = useQueryClient();
  return (...panels: OpsPanel[]) => {
    for (const panel of panels) {
      void queryClient.invalidateQueries({ queryKey: opsKeys.panel(panel) });
    }
  };
}

export function opsPost<S extends Checker<unknown>>(
  url: string,
  schema: S,
  body: unknown = undefined,
) {
  return apiClient.post(url, body, { schema, credential: "operator" });
}

/** Whether the stored operator token is still good (the console's first call). */
export function useOperatorPing(token: string | null | undefined) {
  return useQuery({
    queryKey: opsKeys.ping(token),
    queryFn: ({ signal }) =>
      apiClient.get("/api/admin/ping", {
        schema: pingResponseSchema,
        credential: "operator",
        signal,
      }),
    enabled: typeof token === "string",
    retry: false,
    staleTime: Infinity,
  });
}

/** Ends the operator's session on the server (the caller forgets the token either way). */
export function operatorLogout() {
  return apiClient.post("/api/admin/logout", undefined, {
    schema: z.unknown(),
    credential: "operator",
  });
}

/** An organization's recording mode, keeping whether consent is required; answers the overview. */
export function setOrganizationRecording(
  organizationId: string,
  body: { mode: RecordingMode; consentRequired: boolean },
) {
  return apiClient.put(`/api/admin/recordings/${organizationId}`, body, {
    schema: recordingOverviewSchema,
    credential: "operator",
  });
}

/** An organization's consent notice (audio of one of the voicemail types); answers the overview. */
export function uploadOrganizationConsentNotice(organizationId: string, file: Blob, mime: string) {
  return apiClient.put(`/api/admin/recordings/${organizationId}/notice`, file, {
    schema: recordingOverviewSchema,
    credential: "operator",
    headers: { "Content-Type": mime },
  });
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
