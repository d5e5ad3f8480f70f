// Helpers of the calls API tests: reps in their own organization (so parallel files on one
// PostgreSQL never see each other's calls) and one function per route.
import crypto from "node:crypto";
import { getDb } from "@/lib/db/client";
import type { CallPutBody, DispositionBody } from "@/modules/calls/lib/schemas";
import { createAccount, loginAs, request, uniqueName } from "./helpers";

const { PUT: putCallRoute } = await import("@/app/api/calls/[id]/route");
const { PUT: putDispositionRoute } = await import("@/app/api/calls/[id]/disposition/route");
const { GET: listRoute } = await import("@/app/api/calls/route");
const { GET: searchRoute } = await import("@/app/api/calls/search/route");
const { POST: statsRoute } = await import("@/app/api/calls/stats/route");
const { GET: placeRoute } = await import("@/app/api/calls/place/[placeId]/route");
const { GET: callReportsRoute } = await import("@/app/api/reports/call-reports.csv/route");
const { GET: salesRoute } = await import("@/app/api/reports/sales-history.csv/route");

export type Rep = {
  username: string;
  password: string;
  token: string;
  userId: string;
  organizationId: string;
};

/** A new organization (optionally with a caller ID). */
export async function organization(callerId: string | null = null) {
  const db = await getDb();
  return db.organization.create({ data: { name: uniqueName("org"), callerId } });
}

/** A signed-in member of `organizationId`: a rep unless asked for a manager. */
export async function repOf(organizationId: string, role: "rep" | "manager" = "rep"): Promise<Rep> {
  const account = await createAccount();
  const db = await getDb();
  const user = await db.user.update({
    where: { username: account.username },
    data: { organizationId, role },
  });
  return {
    username: account.username,
    password: account.password,
    token: await loginAs(account),
    userId: user.id,
    organizationId,
  };
}

export const newId = () => crypto.randomUUID();
const params = <T extends Record<string, string>>(value: T) => ({ params: Promise.resolve(value) });

export function putCall(
  rep: { token: string },
  id: string,
  body: CallPutBody | Record<string, unknown>,
) {
  return putCallRoute(
    request("PUT", `/api/calls/${id}`, { token: rep.token, body }),
    params({ id }),
  );
}

export function putDisposition(
  rep: { token: string },
  id: string,
  body: DispositionBody | Record<string, unknown>,
) {
  return putDispositionRoute(
    request("PUT", `/api/calls/${id}/disposition`, { token: rep.token, body }),
    params({ id }),
  );
}

export function listCalls(rep: { token: string }, qs = "") {
  return listRoute(request("GET", `/api/calls${qs ? `?${qs}` : ""}`, { token: rep.token }));
}

export function searchCalls(rep: { token: string }, q: string) {
  return searchRoute(
    request("GET", `/api/calls/search?q=${encodeURIComponent(q)}`, { token: rep.token }),
  );
}

export function callStats(rep: { token: string }, body: unknown) {
  return statsRoute(request("POST", "/api/calls/stats", { token: rep.token, body }));
}

export function placeCalls(rep: { token: string }, placeId: string) {
  return placeRoute(
    request("GET", `/api/calls/place/${encodeURIComponent(placeId)}`, { token: rep.token }),
    params({ placeId }),
  );
}

export function exportReport(
  rep: { token: string },
  kind: "call-reports" | "sales-history",
  query: Record<string, string>,
) {
  const route = kind === "call-reports" ? callReportsRoute : salesRoute;
  const qs = new URLSearchParams(query).toString();
  return route(request("GET", `/api/reports/${kind}.csv?${qs}`, { token: rep.token }));
}

/** A completed call: started `at`, connected 5 s later, talked `talk` seconds. */
export function completedCall(at: Date, talk = 60, extra: Partial<CallPutBody> = {}): CallPutBody {
  const connected = new Date(at.getTime() + 5000);
  return {
    dialedDigits: "4155550132",
    startedAt: at.toISOString(),
    connectedAt: connected.toISOString(),
    endedAt: new Date(connected.getTime() + talk * 1000).toISOString(),
    endReason: "local",
    ...extra,
  };
}
