import "client-only";
import { apiClient } from "@/lib/client/api-client";
import {
  monitorKeyAnswer,
  monitorRequestsAnswer,
  monitorSessionAnswer,
} from "@/modules/floor/client/monitor.gen";
import type { MonitorMode } from "@/modules/floor/lib/limits";
import type { MonitorSessionDto } from "@/modules/floor/lib/monitor-schemas";
import type { MonitorPublicJwk } from "@/modules/floor/lib/monitor-token";

// Monitoring's API calls (modules/floor/README.md, "Monitoring"), loaded only when a manager
// starts monitoring or a monitoring request may have reached the rep; the answers are checked by
// the rules generated from the routes' schemas.

export type { MonitorMode, MonitorSessionDto };

const base = "/api/floor/monitor";

export async function startMonitoring(body: { repId: string; mode: MonitorMode; offer: string }) {
  const { session } = await apiClient.post(base, body, {
    schema: monitorSessionAnswer,
    credential: "rep",
  });
  return session;
}

export async function fetchMonitorSession(id: string, signal?: AbortSignal) {
  const { session } = await apiClient.get(`${base}/${encodeURIComponent(id)}`, {
    schema: monitorSessionAnswer,
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
    schema: monitorSessionAnswer,
    credential: "rep",
  });
  return session;
}

export async function endMonitoring(id: string) {
  const { session } = await apiClient.delete(`${base}/${encodeURIComponent(id)}`, {
    schema: monitorSessionAnswer,
    credential: "rep",
  });
  return session;
}

/** The rep's side: the monitoring requests on the rep's live call (normally none or one). */
export async function fetchMonitorRequests() {
  const { requests } = await apiClient.get(`${base}/requests`, {
    schema: monitorRequestsAnswer,
    credential: "rep",
  });
  return requests;
}

export async function answerMonitoring(id: string, answer: string) {
  const { session } = await apiClient.put(
    `${base}/${encodeURIComponent(id)}/answer`,
    { answer },
    { schema: monitorSessionAnswer, credential: "rep" },
  );
  return session;
}

let key: Promise<MonitorPublicJwk> | null = null;

/** The server's public key for monitoring requests (fetched once per page). */
export function monitorPublicKey(): Promise<MonitorPublicJwk> {
  key ??= apiClient
    .get(`${base}/key`, { schema: monitorKeyAnswer, credential: "rep" })
    .then((answer) => answer.jwk)
    .catch((error: unknown) => {
      key = null;
      throw error;
    });
  return key;
}
