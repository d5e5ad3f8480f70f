import { describe, expect, it } from "vitest";
import { z } from "zod";
import { logoutResponseSchema } from "@/lib/auth/schemas";
import { dashboardAnswer } from "@/modules/dashboard/client/dashboard.gen";
import { floorAnswer, presenceAnswer } from "@/modules/floor/client/floor.gen";
import { floorResponseSchema, presenceResponseSchema } from "@/modules/floor/lib/schemas";
import {
  monitorKeyAnswer,
  monitorRequestsAnswer,
  monitorSessionAnswer,
} from "@/modules/floor/client/monitor.gen";
import {
  monitorKeyResponseSchema,
  monitorRequestsResponseSchema,
  monitorSessionResponseSchema,
} from "@/modules/floor/lib/monitor-schemas";
import { dashboardResponseSchema } from "@/modules/dashboard/lib/schemas";
import {
  dialSettingsSchema,
  previewResponseSchema,
  releaseResponseSchema,
  reservationResponseSchema,
} from "@/modules/power-dial/lib/schemas";
import { dncCheckResponseSchema } from "@/modules/do-not-call/lib/schemas";
import { DISPOSITIONS } from "@/modules/calls/lib/dispositions";
import { profileLanguages, profileThemes } from "@/modules/profile/lib/profile-form";
import type { Checker } from "@/lib/client/checker";
import {
  OUTBOX_KINDS,
  OUTBOX_MAX_ENTRIES,
  outboxSchema,
} from "@/modules/calls/client/outbox-entry";
import {
  dialSettingsAnswer,
  previewAnswer,
  releaseAnswer,
  reservationAnswer,
} from "@/modules/power-dial/client/power-dial.gen";
import { dncCheckAnswer } from "@/modules/do-not-call/client/do-not-call.gen";
import { pointSchema } from "@/modules/dialer/lib/position";
import { sidebarCollapsedKey } from "@/lib/client/storage";
import { dialerPositionKey, dialerSoundsKey } from "@/modules/dialer/lib/storage-keys";
import { drawerMapKey } from "@/modules/facility/lib/store";
import { powerDialSummariesKey } from "@/modules/power-dial/lib/storage-keys";
import { profileFormKey, verifyCooldownKey } from "@/modules/profile/lib/storage-keys";
import { logoutAnswer } from "@/lib/client/generated/auth.gen";
import { normalSaleAmount } from "@/modules/calls/lib/constants";
import {
  callDtoSchema,
  callListResponseSchema,
  callResponseSchema,
  saleAmountSchema,
  callsResponseSchema,
  callStatsResponseSchema,
  missedCallsResponseSchema,
} from "@/modules/calls/lib/schemas";
import {
  callAnswer,
  callDtoRule,
  callListAnswer,
  callsAnswer,
  callStatsAnswer,
  missedCallsAnswer,
} from "@/modules/calls/client/calls.gen";
import { placeDetailsAnswer, placeRule, searchAnswer } from "@/modules/places/client/places.gen";
import { callbacksAnswer } from "@/modules/callbacks/client/callbacks.gen";
import { authorizeAnswer, credentialsAnswer } from "@/modules/telephony/client/telephony.gen";
import {
  authorizeResponseSchema,
  credentialsResponseSchema,
} from "@/modules/telephony/lib/schemas";
import { callbacksResponseSchema } from "@/modules/records/lib/schemas";
import { facilityDataRule } from "@/modules/facility/client/facility.gen";
import { facilityDataSchema } from "@/modules/facility/lib/schemas";
import {
  placeDetailsResponseSchema,
  placeSchema,
  searchResponseSchema,
} from "@/modules/places/lib/schemas";
import { searchCacheEntrySchema } from "@/modules/targets/lib/search-cache";
import { recordingSettingsAnswer } from "@/modules/recordings/client/recordings";
import { recordingSettingsSchema } from "@/modules/recordings/lib/schemas";

// The /app shell checks its stored values and the answers it reads on every page with
// lib/client/rules.ts instead of zod (the first-load budget). Each rule must accept and
// reject what its zod schema does and give back the same value: the route's own schema for API
// answers (rules generated from it, lib/client/generated: these samples test the generator and
// the combinators), and for stored values the zod schema they had before (kept here as the
// reference).

const odd: unknown[] = [
  undefined,
  null,
  "",
  "x",
  " padded ",
  0,
  -1,
  1.5,
  2 ** 60,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  true,
  [],
  {},
];

/** The valid sample, and each field (at any depth) removed, replaced by odd values, or extra. */
function variants(valid: unknown): unknown[] {
  const out: unknown[] = [valid, ...odd];
  if (Array.isArray(valid)) {
    valid.forEach((entry, i) => {
      for (const v of variants(entry).slice(1)) out.push(valid.map((e, j) => (j === i ? v : e)));
    });
    out.push([...valid, ...valid]);
  } else if (valid !== null && typeof valid === "object") {
    const record = valid as Record<string, unknown>;
    out.push({ ...record, extra: 1 });
    for (const key of Object.keys(record)) {
      const { [key]: _removed, ...rest } = record;
      out.push(rest);
      for (const v of variants(record[key]).slice(1)) out.push({ ...record, [key]: v });
    }
  }
  return out;
}

function agree(rule: Checker<unknown>, schema: z.ZodType, samples: unknown[]) {
  let accepted = 0;
  for (const sample of samples) {
    const mine = rule.safeParse(sample);
    const theirs = schema.safeParse(sample);
    const label = JSON.stringify(sample) ?? String(sample);
    expect(mine.success, label).toBe(theirs.success);
    if (mine.success && theirs.success) {
      accepted++;
      expect(mine.data, label).toEqual(theirs.data);
    }
  }
  // The samples test both sides: something was accepted and something refused.
  expect(accepted).toBeGreaterThan(0);
  expect(accepted).toBeLessThan(samples.length);
}

const uuid = "0b8f3a52-6f4c-4c1e-9d7a-1f2e3d4c5b6a";
const settings = {
  countdownSeconds: 5,
  reservationMinutes: 10,
  recentHours: 0,
  window: { startMinute: 540, endMinute: 1439, days: [1, 2, 6] },
};

describe("API answers the /app shell checks without zod agree with the routes' schemas", () => {
  it("logout", () => agree(logoutAnswer, logoutResponseSchema, variants({ ok: true })));

  it("the dashboard", () => {
    const sample = {
      agents: [{ id: uuid, name: "ann", dials: 3, talkSeconds: 90, status: "Active" }],
      kpis: { revenueToday: 100, netIncomeEst: 38, mrrDerived: 55, avgDealSize: 100 },
      events: [
        {
          id: uuid,
          kind: "appointment",
          at: "2026-11-26T10:00:00.000Z",
          rep: "ann",
          amount: null,
          callbackAt: "2026-11-27T10:00:00.000Z",
          number: "+14155550132",
        },
      ],
    };
    agree(dashboardAnswer, dashboardResponseSchema, variants(sample));
  });

  it("the live floor and the presence report", () => {
    agree(presenceAnswer, presenceResponseSchema, variants({ ok: true }));
    const rep = {
      id: uuid,
      name: "ann",
      role: "rep",
      self: false,
      state: "in-call",
      since: "2026-11-26T10:00:00.000Z",
      business: { placeId: "ChIJ1", name: "Blue Bottle" },
      powerDial: { lines: 3 },
      today: { dials: 3, connects: 2, talkSeconds: 90 },
      monitor: { id: uuid, mode: "whisper", managerId: uuid, managerName: "bob", mine: true },
    };
    const offline = {
      ...rep,
      state: "offline",
      since: null,
      business: null,
      powerDial: null,
      monitor: null,
    };
    agree(
      floorAnswer,
      floorResponseSchema,
      variants({ now: "2026-11-26T10:00:05.000Z", reps: [rep, offline] }),
    );
  });

  it("call monitoring", () => {
    const session = {
      id: uuid,
      repId: uuid,
      repName: "ann",
      managerId: uuid,
      managerName: "bob",
      callId: uuid,
      mode: "listen",
      state: "connected",
      offer: "v=0",
      answer: "v=0",
      token: "a.b.c",
      iceServers: [
        { urls: "stun:stun.example.com" },
        { urls: "turn:turn.example.com", username: "1:ann", credential: "x" },
      ],
      announce: true,
      startedAt: "2026-11-26T10:00:00.000Z",
      connectedAt: "2026-11-26T10:00:01.000Z",
      endedAt: null,
      takeOver: false,
    };
    agree(monitorSessionAnswer, monitorSessionResponseSchema, [
      ...variants({ session }),
      { session: { ...session, state: "requested", answer: null, connectedAt: null } },
    ]);
    agree(monitorRequestsAnswer, monitorRequestsResponseSchema, variants({ requests: [session] }));
    agree(
      monitorKeyAnswer,
      monitorKeyResponseSchema,
      variants({ alg: "ES256", jwk: { kty: "EC", crv: "P-256", x: "AAAA", y: "BBBB" } }),
    );
  });

  it("do-not-call check", () => {
    agree(dncCheckAnswer, dncCheckResponseSchema, [
      ...variants({ number: "+15551234567", doNotCall: true }),
      ...variants({ number: null, doNotCall: false }),
    ]);
  });

  it("dial settings", () => agree(dialSettingsAnswer, dialSettingsSchema, variants(settings)));

  it("team recording settings", () => {
    const sample = {
      mode: "every_call",
      consentRequired: true,
      retentionDays: 90,
      hearsTeam: false,
      consentNotice: true,
    };
    // The rule reads an answer without consentNotice (an older server's) as false; zod refuses it.
    const withNotice = (v: unknown) =>
      !(
        v !== null &&
        typeof v === "object" &&
        "mode" in v &&
        (v as { consentNotice?: unknown }).consentNotice === undefined
      );
    agree(recordingSettingsAnswer, recordingSettingsSchema, variants(sample).filter(withNotice));
  });

  it("preview", () => {
    const place = { doNotCall: false, reservedBy: null, recentCallAt: "2026-11-23T10:00:00.123Z" };
    agree(previewAnswer, previewResponseSchema, [
      ...variants({ settings, places: { a: place, b: { ...place, reservedBy: "amy" } } }),
      { settings, places: { a: { ...place, recentCallAt: "2026-11-23T10:00:00+01:00" } } },
      { settings, places: { a: { ...place, recentCallAt: "2026-02-30T10:00:00Z" } } },
      { settings, places: { a: { ...place, recentCallAt: "2026-11-23T10:00Z" } } },
      { settings, places: {} },
    ]);
  });

  it("SIP credentials and call authorisations", () => {
    agree(
      credentialsAnswer,
      credentialsResponseSchema,
      variants({
        username: "u1",
        password: "p",
        sipUri: "sip:u1@example.com",
        expiresAt: "2026-11-23T10:00:00+01:00",
        ttlSeconds: 600,
      }),
    );
    agree(
      authorizeAnswer,
      authorizeResponseSchema,
      variants({
        authorization: "token",
        number: "+15551234567",
        callerId: null,
        expiresAt: "2026-11-23T10:00:00Z",
      }),
    );
  });

  it("reservation and release", () => {
    agree(
      reservationAnswer,
      reservationResponseSchema,
      variants({ reservation: { placeId: "p1", expiresAt: "2026-11-23T10:00:00Z" } }),
    );
    agree(releaseAnswer, releaseResponseSchema, variants({ released: true }));
  });
});

// The zod schemas these stored values had before (their format is unchanged).
const jsonValue: z.ZodType<unknown> = z.lazy(() =>
  z.union([
    z.string(),
    z.number(),
    z.boolean(),
    z.null(),
    z.array(jsonValue),
    z.record(z.string(), jsonValue),
  ]),
);
const outboxReference = z
  .array(
    z.object({
      kind: z.enum(OUTBOX_KINDS),
      callId: z.uuid(),
      body: z.record(z.string(), jsonValue),
      rev: z.number().int().nonnegative(),
      queuedAt: z.number().int().nonnegative(),
    }),
  )
  .max(OUTBOX_MAX_ENTRIES);
const pointReference = z.object({ x: z.number().finite(), y: z.number().finite() });
const summaryReference = z.array(
  z.object({
    startedAt: z.string(),
    endedAt: z.string(),
    dials: z.number().int().nonnegative(),
    conversations: z.number().int().nonnegative(),
    talkSeconds: z.number().nonnegative(),
    dispositions: z.partialRecord(z.enum(DISPOSITIONS), z.number().int().nonnegative()),
    undisposed: z.number().int().nonnegative(),
    queued: z.number().int().nonnegative(),
    skipped: z.number().int().nonnegative(),
    notDialed: z.number().int().nonnegative(),
    leftOut: z.number().int().nonnegative(),
    secondsPerDial: z.number().nonnegative().nullable(),
  }),
);
const profileReference = z.object({
  displayName: z.string().optional(),
  role: z.string().optional(),
  email: z.string().optional(),
  summary: z.string().optional(),
  language: z.enum(profileLanguages).optional(),
  theme: z.enum(profileThemes).optional(),
});

describe("stored values checked without zod agree with their zod schemas", () => {
  it("the call outbox (a malformed entry makes the stored value corrupt: set aside, not sent)", () => {
    const entry = {
      kind: "call",
      callId: uuid,
      body: { placeId: "p1", startedAt: "2026-11-23T10:00:00.000Z", nested: [1, { a: null }] },
      rev: 3,
      queuedAt: 1_763_900_000_000,
    };
    agree(outboxSchema, outboxReference, [
      ...variants([entry, { ...entry, kind: "disposition", body: {} }]),
      [{ ...entry, callId: uuid.toUpperCase() }],
      [{ ...entry, callId: "00000000-0000-0000-0000-000000000000" }],
      [{ ...entry, callId: "0b8f3a52-6f4c-9c1e-9d7a-1f2e3d4c5b6a" }],
      [{ ...entry, body: { when: new Date(0) } }],
      [{ ...entry, body: { f: () => 1 } }],
      Array.from({ length: OUTBOX_MAX_ENTRIES }, () => entry),
      Array.from({ length: OUTBOX_MAX_ENTRIES + 1 }, () => entry),
    ]);
  });

  it("the dialer's place and the simple flags", () => {
    agree(pointSchema, pointReference, variants({ x: 10, y: -2.5 }));
    agree(dialerPositionKey.schema, pointReference.nullable(), variants({ x: 1, y: 2 }));
    agree(sidebarCollapsedKey.schema, z.boolean().nullable(), [...odd, false]);
    agree(dialerSoundsKey.schema, z.boolean(), [...odd, false]);
    agree(drawerMapKey.schema, z.boolean(), [...odd, false]);
    agree(verifyCooldownKey.schema, z.number().int().nonnegative(), [...odd, 1_763_900_000_000]);
  });

  it("the power-dial session summaries", () => {
    const summary = {
      startedAt: "2026-11-23T10:00:00.000Z",
      endedAt: "2026-11-23T11:00:00.000Z",
      dials: 12,
      conversations: 4,
      talkSeconds: 310.5,
      dispositions: { sale: 1, callback: 2 },
      undisposed: 1,
      queued: 14,
      skipped: 2,
      notDialed: 0,
      leftOut: 3,
      secondsPerDial: null,
    };
    agree(powerDialSummariesKey.schema, summaryReference, [
      ...variants([summary, { ...summary, dispositions: {}, secondsPerDial: 30 }]),
      [{ ...summary, dispositions: { notADisposition: 1 } }],
      [],
    ]);
  });

  it("the profile form", () => {
    agree(profileFormKey.schema, profileReference.nullable(), [
      ...variants({
        displayName: "Amy",
        role: "Rep",
        email: "amy@example.com",
        summary: "",
        language: "fr",
        theme: "dark",
      }),
      { displayName: "Amy" },
      { language: "de" },
    ]);
  });
});

const place = {
  place_id: "ChIJ123",
  name: "Acme Dental",
  address: "1 Main St",
  rating: 4.5,
  user_ratings_total: 12,
  phone: "(555) 123-4567",
  website: null,
  place_url: "https://maps.example/acme",
  primaryType: "dentist",
  opening_hours: {
    open_now: true,
    periods: [
      { open: { day: 1, hour: 9, minute: 0 }, close: { day: 1, hour: 17, minute: 30 } },
      { open: { day: 0, hour: 0, minute: 0 }, close: null },
    ],
    weekday_text: ["Monday: 9:00 AM - 5:30 PM"],
  },
  geometry: { lat: 40.7, lng: -74 },
  utc_offset_minutes: -300,
};

describe("Targets' answers and stored values checked without zod agree with their zod schemas", () => {
  it("places", () => {
    agree(placeRule, placeSchema, [
      ...variants(place),
      { ...place, geometry: { lat: 91, lng: 0 } },
      { ...place, opening_hours: null, geometry: null, rating: null },
    ]);
    agree(
      searchAnswer,
      searchResponseSchema,
      variants({ places: [place], nextPageToken: null, demo: false, detailsIncluded: true }),
    );
    agree(placeDetailsAnswer, placeDetailsResponseSchema, variants({ place, demo: true }));
  });

  it("the search cache (its zod schema before)", () => {
    const reference = z.object({
      places: z.array(placeSchema),
      nextPageToken: z.string().nullable(),
      enriched: z.boolean(),
      enrichedIds: z.array(z.string()),
      demo: z.boolean(),
      ts: z.number(),
    });
    agree(
      searchCacheEntrySchema,
      reference,
      variants({
        places: [place],
        nextPageToken: "tok",
        enriched: false,
        enrichedIds: ["ChIJ123"],
        demo: false,
        ts: 1_763_900_000_000,
      }),
    );
  });

  it("calls", () => {
    const call = {
      id: uuid,
      placeId: "ChIJ123",
      businessName: "Bright Smile Dental",
      dialedDigits: "5551234567",
      dialedNumber: "+15551234567",
      originatingNumber: null,
      agent: "amy",
      startedAt: "2026-11-23T10:00:00.000Z",
      connectedAt: "2026-11-23T10:00:05+01:00",
      endedAt: null,
      talkSeconds: 0,
      endReason: "local",
      disposition: "sale",
      note: null,
      saleAmount: "1250.00",
      callbackAt: null,
      direction: "outbound",
      outcome: "remote-hangup",
      sipStatus: 200,
      setupMs: 5000,
      quality: {
        samples: 12,
        averageMos: 4.21,
        worstMos: 3.5,
        worstJitterMs: 12.5,
        worstLossPercent: 1.2,
      },
      monitored: false,
    };
    const quality = call.quality;
    agree(callDtoRule, callDtoSchema, [
      ...variants(call),
      { ...call, saleAmount: "12.5" },
      { ...call, endReason: "hangup" },
      { ...call, disposition: null, endReason: null, startedAt: "2026-11-23T10:00:00" },
      { ...call, direction: "inbound", outcome: null, sipStatus: null, quality: null },
      { ...call, direction: "sideways" },
      { ...call, outcome: "no_answer" },
      ...[99, 700, 200.5].map((sipStatus) => ({ ...call, sipStatus })),
      ...[0.99, 5.01].map((worstMos) => ({ ...call, quality: { ...quality, worstMos } })),
      ...[-0.1, 100.1].map((worstLossPercent) => ({
        ...call,
        quality: { ...quality, worstLossPercent },
      })),
      { ...call, quality: { ...quality, worstJitterMs: 60_001 } },
      { ...call, quality: { ...quality, samples: 1.5 } },
    ]);
    const missed = {
      id: uuid,
      startedAt: "2026-11-23T10:00:00.000Z",
      callerDigits: "5125550101",
      callerNumber: "+15125550101",
      placeId: "ChIJ123",
      calledBackAt: "2026-11-23T10:05:00+01:00",
    };
    agree(missedCallsAnswer, missedCallsResponseSchema, [
      ...variants({ calls: [missed], nextCursor: "c1" }),
      {
        calls: [{ ...missed, callerDigits: "", callerNumber: null, placeId: null }],
        nextCursor: null,
      },
      { calls: [], nextCursor: null },
    ]);
    const callback = {
      placeId: "ChIJ123",
      itemId: "0b6a4c53-4f0e-4bf0-9a5e-2f8d4f4f8b1e",
      dueAt: "2026-11-27T15:00:00.000Z",
      durationMin: 30,
      note: "Callback: pricing",
      bookedBy: "demo",
      mine: true,
      business: { name: "Bright Smile", phone: "+1 512-555-0100", utcOffsetMinutes: -360 },
    };
    agree(callbacksAnswer, callbacksResponseSchema, [
      ...variants({ callbacks: [callback], now: "2026-11-26T15:00:00.000Z", truncated: false }),
      {
        callbacks: [{ ...callback, durationMin: null, note: null, business: null, mine: false }],
        now: "2026-11-26T15:00:00Z",
        truncated: true,
      },
      { callbacks: [], now: "2026-11-26T15:00:00+01:00", truncated: false },
    ]);
    agree(callAnswer, callResponseSchema, variants({ call }));
    agree(callListAnswer, callListResponseSchema, variants({ calls: [call], nextCursor: "c1" }));
    agree(callsAnswer, callsResponseSchema, variants({ calls: [call, { ...call, id: "CALL-1" }] }));
    const day = { dials: 3, talkSeconds: 61, conversations: 1 };
    agree(
      callStatsAnswer,
      callStatsResponseSchema,
      variants({
        places: {
          a: { dialCount: 2, lastCalledAt: "2026-11-23T10:00:00Z" },
          b: { dialCount: 0, lastCalledAt: null },
        },
        today: day,
        mine: day,
        notesToday: 4,
      }),
    );
  });

  it("facility data (trimmed, missing lists read as empty, a contact needs something)", () => {
    const data = {
      notes: [{ id: "n1", text: "  called back  ", created: 1 }],
      appointments: [
        { id: "a1", ts: 2, durationMin: 30, note: " bring brochure " },
        { id: "a2", ts: 3, durationMin: 480 },
      ],
      contacts: [{ id: "c1", name: " Dr. Lee ", email: "", phone: "" }],
      extraPhones: [" 555 0100 "],
      addressOverride: { line1: " 1 Main ", city: "Town", state: "NY", zip: "10001" },
      dialCount: 4,
    };
    agree(facilityDataRule, facilityDataSchema, [
      ...variants(data),
      {},
      { ...data, appointments: [{ id: "a", ts: 1, durationMin: 31 }] },
      { ...data, appointments: [{ id: "a", ts: 1, durationMin: 30, note: "   " }] },
      { ...data, contacts: [{ id: "c", name: " ", email: "", phone: "" }] },
      { ...data, notes: [{ id: "n", text: "x".repeat(1001), created: 1 }] },
      { ...data, notes: [{ id: "n", text: ` ${"x".repeat(1000)} `, created: 1 }] },
      { ...data, extraPhones: ["  "] },
      { ...data, addressOverride: null },
    ]);
  });
});

describe("the dialer prompt's sale amount agrees with saleAmountSchema", () => {
  it.each([
    "1250",
    "1250.5",
    " 1250.50 ",
    1250.5,
    99,
    "0.01",
    "0",
    "0.00",
    "-5",
    "1e3",
    "12.345",
    "12.",
    ".5",
    "12345678901",
    "1234567890.99",
    "",
    "abc",
    null,
    undefined,
    true,
    Number.NaN,
  ])("%s", (value) => {
    const theirs = saleAmountSchema.safeParse(value);
    expect(normalSaleAmount(value)).toBe(theirs.success ? theirs.data : null);
  });
});
