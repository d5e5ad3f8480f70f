import "client-only";
import { apiClient } from "@/lib/client/api-client";
import {
  monitorKeyResponseSchema,
  monitorRequestsResponseSchema,
  monitorSessionResponseSchema,
  type MonitorMode,
  type MonitorSessionDto,
} from "@/modules/floor/lib/monitor-schemas";

// Monitoring's API calls (modules/floor/README.md, "Monitoring"). Loaded only when a manager
// starts monitoring or a monitoring request reaches the rep, so the zod schemas the routes share
// check the answers here.

export type { MonitorMode, MonitorSessionDto };

const base = "/api/floor/monitor";

export async function startMonitoring(body: { repId: string; mode: MonitorMode; offer: string }) {
  const { session } = await apiClient.post(base, body, {
    schema: monitorSessionResponseSchema,
    credential: "rep",
  });
  return session;
}

export async function fetchMonitorSession(id: string, signal?: AbortSignal) {
  const { session } = await apiClient.get(`${base}/${encodeURIComponent(id)}`, {
    schema: monitorSessionResponseSchema,
    credential: "rep",
    signal,
  });
  return session;
}

export async function changeMonitoring(
  id: string,
  body: { mode: MonitorMode } | { takeOver: true },
) {
  const { session } = await apiClient.patch(`${base}/${encodeURIComponent(id)}`, body, {
    schema: monitorSessionResponseSchema,
    credential: "rep",
  });
  return session;
}

export async function endMonitoring(id: string) {
  const { session } = await apiClient.delete(`${base}/${encodeURIComponent(id)}`, {
    schema: monitorSessionResponseSchema,
    credential: "rep",
  });
  return session;
}

/** The rep's side: the monitoring requests on the rep's live call (normally none or one). */
export async function fetchMonitorRequests() {
  const { requests } = await apiClient.get(`${base}/requests`, {
    schema: monitorRequestsResponseSchema,
    credential: "rep",
  });
  return requests;
}

export async function answerMonitoring(id: string, answer: string) {
  const { session } = await apiClient.put(
    `${base}/${encodeURIComponent(id)}/answer`,
    { answer },
    { schema: monitorSessionResponseSchema, credential: "rep" },
  );
  return session;
}

let key: Promise<JsonWebKey> | null = null;

/** The server's public key for monitoring requests (fetched once per page). */
export function monitorPublicKey(): Promise<JsonWebKey> {
  key ??= apiClient
    .get(`${base}/key`, { schema: monitorKeyResponseSchema, credential: "rep" })
    .then((answer) => answer.jwk as JsonWebKey)
    .catch((error: unknown) => {
      key = null;
      throw error;
    });
  return key;
}
