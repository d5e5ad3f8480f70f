import { randomUUID } from "node:crypto";
import { expect, type APIRequestContext } from "@playwright/test";

export type CreatedCall = {
  id: string;
  dialedDigits: string;
  dialedNumber: string | null;
  originatingNumber: string | null;
  agent: string;
  startedAt: string;
  talkSeconds: number | null;
};

/**
 * Records a finished call through the calls API as the dialer does (PUT /api/calls/:id), with
 * `talkSeconds` between connect and end, and optionally its disposition. For specs that need a
 * call of their own to search for, whatever else the run recorded.
 */
export async function createCall(
  request: APIRequestContext,
  token: string,
  options: { digits: string; talkSeconds?: number; disposition?: string; placeId?: string },
): Promise<CreatedCall> {
  const id = randomUUID();
  const headers = { Authorization: `Bearer ${token}` };
  // Ended a second ago, however long it lasted (the API refuses times in the future).
  const ended = Date.now() - 1_000;
  const connected = ended - (options.talkSeconds ?? 20) * 1000;
  const start = connected - 1_000;
  const put = await request.put(`/api/calls/${id}`, {
    headers,
    data: {
      dialedDigits: options.digits,
      placeId: options.placeId,
      startedAt: new Date(start).toISOString(),
      connectedAt: new Date(connected).toISOString(),
      endedAt: new Date(ended).toISOString(),
      endReason: "local",
    },
  });
  expect(put.status(), await put.text()).toBe(201);
  let body = (await put.json()) as { call: CreatedCall };
  if (options.disposition) {
    const disposed = await request.put(`/api/calls/${id}/disposition`, {
      headers,
      // A sale is refused without its amount and a callback without its time (as in the prompt).
      data: {
        disposition: options.disposition,
        ...(options.disposition === "sale" ? { saleAmount: "1250.00" } : {}),
        ...(options.disposition === "callback"
          ? { callbackAt: new Date(Date.now() + 86_400_000).toISOString() }
          : {}),
      },
    });
    expect(disposed.status(), await disposed.text()).toBe(200);
    body = (await disposed.json()) as { call: CreatedCall };
  }
  return body.call;
}

/** A number no other spec dials: 10 digits, the last seven from the clock and a counter. */
let counter = 0;
export function uniqueNumber(area = "415"): string {
  counter = (counter + 1) % 100;
  return `${area}${String(Date.now() * 100 + counter).slice(-7)}`;
}

/** A call as GET /api/calls lists it, with what the dialing specs read of it. */
export type ListedCall = {
  id: string;
  dialedNumber: string | null;
  startedAt: string;
  connectedAt: string | null;
  disposition: string | null;
  abandonedAt: string | null;
  detection: { verdict: string; automaticVoicemail: boolean; overridden: boolean } | null;
};

/** The rep's calls started since `since` (epoch ms), newest first, as the Call Log reads them. */
export async function callsSince(request: APIRequestContext, token: string, since: number) {
  const res = await request.get("/api/calls?limit=20", {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { calls: ListedCall[] };
  return body.calls.filter((c) => Date.parse(c.startedAt) >= since);
}
