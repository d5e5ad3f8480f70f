// The organization's do-not-call list: add (E.164, idempotent), list, remove, CSV import and
// export, organization scoping, and enforcement on the server: no call record for a listed
// number, and the Do not call disposition adds the number. PGlite and PostgreSQL.
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { createAccount, loginAs, request } from "./helpers";

const list = await import("@/app/api/do-not-call/route");
const one = await import("@/app/api/do-not-call/[number]/route");
const importRoute = await import("@/app/api/do-not-call/import/route");
const exportRoute = await import("@/app/api/do-not-call/export.csv/route");
const check = await import("@/app/api/do-not-call/check/route");
const preview = await import("@/app/api/dialing/preview/route");
const reserve = await import("@/app/api/dialing/reservations/[placeId]/route");
const calls = await import("@/app/api/calls/[id]/route");
const disposition = await import("@/app/api/calls/[id]/disposition/route");
const { getDb } = await import("@/lib/db/client");

// A manager: importing, exporting and removing entries are managers' (what a rep may do, per
// role and across organizations, is tests/api/roles.test.ts).
async function rep(ownOrg = false) {
  const account = await createAccount();
  const db = await getDb();
  const org = ownOrg
    ? await db.organization.create({ data: { name: `org-${crypto.randomUUID()}` } })
    : null;
  await db.user.update({
    where: { username: account.username },
    data: { role: "manager", ...(org ? { organizationId: org.id } : {}) },
  });
  return { ...account, token: await loginAs(account) };
}
/** A US number no other test uses: 512-555-01xx style numbers are valid in libphonenumber. */
const freshNumber = () =>
  `512${200 + crypto.randomInt(700)}${String(crypto.randomInt(10_000)).padStart(4, "0")}`;
const e164 = (digits: string) => `+1${digits}`;

const add = (token: string, body: unknown) =>
  list.POST(request("POST", "/api/do-not-call", { token, body }));
const getList = async (token: string) =>
  (await (await list.GET(request("GET", "/api/do-not-call", { token }))).json()) as {
    numbers: { number: string; note: string | null; addedBy: string | null }[];
    total: number;
  };
const remove = (token: string, number: string) =>
  one.DELETE(request("DELETE", `/api/do-not-call/${encodeURIComponent(number)}`, { token }), {
    params: Promise.resolve({ number }),
  });
const putCall = (token: string, id: string, body: unknown) =>
  calls.PUT(request("PUT", `/api/calls/${id}`, { token, body }), {
    params: Promise.resolve({ id }),
  });

describe("do-not-call list", () => {
  it("adds a number in any formatting as one E.164 entry", async () => {
    const a = await rep();
    const digits = freshNumber();
    const formatted = `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
    const first = await add(a.token, { number: formatted, note: "asked twice" });
    expect(first.status).toBe(201);
    expect(await first.json()).toMatchObject({
      created: true,
      entry: { number: e164(digits), note: "asked twice", addedBy: a.username },
    });
    const again = await add(a.token, { number: `+1 ${digits.slice(0, 3)}.${digits.slice(3)}` });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ created: false, entry: { note: "asked twice" } });
    const { numbers } = await getList(a.token);
    expect(numbers.filter((n) => n.number === e164(digits))).toHaveLength(1);
  });

  it("shows a rep the numbers but not their notes; managers see the notes", async () => {
    const manager = await rep(true);
    const db = await getDb();
    const { organizationId } = await db.user.findUniqueOrThrow({
      where: { username: manager.username },
    });
    const account = await createAccount();
    await db.user.update({ where: { username: account.username }, data: { organizationId } });
    const member = { ...account, token: await loginAs(account) };
    const digits = freshNumber();
    expect((await add(manager.token, { number: digits, note: "angry, asked twice" })).status).toBe(
      201,
    );
    const seen = await getList(member.token);
    expect(seen.numbers).toEqual([
      expect.objectContaining({ number: e164(digits), note: null, addedBy: manager.username }),
    ]);
    // Adding the listed number again tells the rep it is listed, not why.
    const again = await add(member.token, { number: digits, note: "mine" });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ created: false, entry: { note: null } });
    const other = freshNumber();
    const added = await add(member.token, { number: other, note: "said never" });
    expect(await added.json()).toMatchObject({ created: true, entry: { note: null } });
    const full = await getList(manager.token);
    expect(new Map(full.numbers.map((n) => [n.number, n.note]))).toEqual(
      new Map([
        [e164(other), "said never"],
        [e164(digits), "angry, asked twice"],
      ]),
    );
  });

  it("refuses what is not a phone number, with a clear error, and stores nothing", async () => {
    const a = await rep(true);
    for (const number of ["hello", "123", ""]) {
      const res = await add(a.token, { number });
      expect(res.status, number).toBe(400);
      const body = (await res.json()) as { error: string };
      expect(body.error).toMatch(/not a valid phone number|Phone number is required/);
    }
    expect((await getList(a.token)).total).toBe(0);
    expect((await add(a.token, { number: "5125550101", note: "x".repeat(201) })).status).toBe(400);
  });

  it("removes a number; removing one not on the list is 404; malformed is 400", async () => {
    const a = await rep();
    const digits = freshNumber();
    await add(a.token, { number: digits });
    expect((await remove(a.token, e164(digits))).status).toBe(200);
    expect((await getList(a.token)).numbers.some((n) => n.number === e164(digits))).toBe(false);
    const missing = await remove(a.token, e164(digits));
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: "dnc_not_found" });
    expect((await remove(a.token, "5125550101")).status).toBe(400);
  });

  it("is scoped by organization", async () => {
    const [a, b] = [await rep(true), await rep(true)];
    const digits = freshNumber();
    await add(a.token, { number: digits });
    expect((await getList(b.token)).total).toBe(0);
    expect((await remove(b.token, e164(digits))).status).toBe(404);
    const res = await check.GET(
      request("GET", `/api/do-not-call/check?number=${digits}`, { token: b.token }),
    );
    expect(await res.json()).toEqual({ number: e164(digits), doNotCall: false });
    const mine = await check.GET(
      request("GET", `/api/do-not-call/check?number=${digits}`, { token: a.token }),
    );
    expect(await mine.json()).toEqual({ number: e164(digits), doNotCall: true });
  });

  it("imports a CSV (header, quotes, semicolons, duplicates, bad lines) and exports it back", async () => {
    const a = await rep(true);
    const [n1, n2, n3] = [freshNumber(), freshNumber(), freshNumber()];
    const csv = [
      "Phone;Note",
      `"(${n1.slice(0, 3)}) ${n1.slice(3, 6)}-${n1.slice(6)}";"said ""never"""`,
      `+1${n2};`,
      `${n2};duplicate`,
      "not a number;x",
      `${n3};third`,
      "",
    ].join("\r\n");
    const res = await importRoute.POST(
      request("POST", "/api/do-not-call/import", { token: a.token, body: { csv } }),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      added: 3,
      existing: 0,
      invalid: [{ line: 5, value: "not a number" }],
    });
    const { numbers } = await getList(a.token);
    expect(numbers.map((n) => n.number).sort()).toEqual([n1, n2, n3].map(e164).sort());
    expect(numbers.find((n) => n.number === e164(n1))?.note).toBe('said "never"');

    const out = await exportRoute.GET(
      request("GET", "/api/do-not-call/export.csv", { token: a.token }),
    );
    expect(out.headers.get("content-type")).toMatch(/text\/csv/);
    const bytes = new Uint8Array(await out.arrayBuffer());
    // UTF-8 byte-order mark (Excel), then the header.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    expect(text.split("\r\n")[0]).toBe("\uFEFFnumber,note,added_by,added_at");
    // Round trip: importing the export into another team gives the same numbers.
    const b = await rep(true);
    const again = await importRoute.POST(
      request("POST", "/api/do-not-call/import", { token: b.token, body: { csv: text } }),
    );
    expect(await again.json()).toMatchObject({ added: 3, invalid: [] });
    // And into the same team, nothing new.
    const same = await importRoute.POST(
      request("POST", "/api/do-not-call/import", { token: a.token, body: { csv: text } }),
    );
    expect(await same.json()).toMatchObject({ added: 0, existing: 3 });
  });

  it("needs a session", async () => {
    expect((await list.GET(request("GET", "/api/do-not-call"))).status).toBe(401);
    expect((await add("", { number: "5125550101" })).status).toBe(401);
  });
});

describe("do-not-call enforcement on the server", () => {
  it("refuses to record a call to a listed number, in any formatting", async () => {
    const a = await rep();
    const digits = freshNumber();
    await add(a.token, { number: digits });
    const res = await putCall(a.token, crypto.randomUUID(), {
      dialedDigits: `1${digits}`,
      startedAt: new Date().toISOString(),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({
      code: "do_not_call",
      error: `${e164(digits)} is on your team's do-not-call list`,
    });
    const db = await getDb();
    expect(await db.call.count({ where: { dialedNumber: e164(digits) } })).toBe(0);
    // A number not on the list is recorded as usual.
    const ok = await putCall(a.token, crypto.randomUUID(), {
      dialedDigits: freshNumber(),
      startedAt: new Date().toISOString(),
    });
    expect(ok.status).toBe(201);
  });

  it("the Do not call disposition adds the number, and the next call to it is refused", async () => {
    const a = await rep();
    const digits = freshNumber();
    const id = crypto.randomUUID();
    const start = new Date(Date.now() - 60_000).toISOString();
    expect((await putCall(a.token, id, { dialedDigits: digits, startedAt: start })).status).toBe(
      201,
    );
    const res = await disposition.PUT(
      request("PUT", `/api/calls/${id}/disposition`, {
        token: a.token,
        body: { disposition: "do_not_call" },
      }),
      { params: Promise.resolve({ id }) },
    );
    expect(res.status).toBe(200);
    const entry = (await getList(a.token)).numbers.find((n) => n.number === e164(digits));
    expect(entry).toMatchObject({ addedBy: a.username, note: "Do not call disposition" });
    const next = await putCall(a.token, crypto.randomUUID(), {
      dialedDigits: digits,
      startedAt: new Date().toISOString(),
    });
    expect(next.status).toBe(403);
  });

  const setOutcome = (token: string, id: string, value: string) =>
    disposition.PUT(
      request("PUT", `/api/calls/${id}/disposition`, { token, body: { disposition: value } }),
      { params: Promise.resolve({ id }) },
    );
  const listed = async (token: string, digits: string) =>
    (await getList(token)).numbers.some((n) => n.number === e164(digits));
  const startedCall = async (token: string, digits: string) => {
    const id = crypto.randomUUID();
    const start = new Date(Date.now() - 60_000).toISOString();
    expect((await putCall(token, id, { dialedDigits: digits, startedAt: start })).status).toBe(201);
    return id;
  };

  it("correcting a Do not call outcome takes back the entry that outcome added", async () => {
    const a = await rep(true);
    const digits = freshNumber();
    const id = await startedCall(a.token, digits);
    expect((await setOutcome(a.token, id, "do_not_call")).status).toBe(200);
    expect(await listed(a.token, digits)).toBe(true);
    expect((await setOutcome(a.token, id, "interested")).status).toBe(200);
    expect(await listed(a.token, digits)).toBe(false);
    // Calling it is allowed again.
    await startedCall(a.token, digits);
  });

  it("a correction leaves an entry from elsewhere, or one another call still asks for", async () => {
    const a = await rep(true);
    // Listed by hand before the call: the correction must not remove it.
    const typed = freshNumber();
    await add(a.token, { number: typed, note: "asked on the phone" });
    const typedCall = crypto.randomUUID();
    // The number is refused for a new call, so mark the stored call directly.
    const db = await getDb();
    const user = await db.user.findUniqueOrThrow({ where: { username: a.username } });
    await db.call.create({
      data: {
        id: typedCall,
        organizationId: user.organizationId,
        userId: user.id,
        dialedNumber: e164(typed),
        dialedDigits: typed,
        startedAt: new Date(),
        disposition: "do_not_call",
      },
    });
    expect((await setOutcome(a.token, typedCall, "not_interested")).status).toBe(200);
    expect(await listed(a.token, typed)).toBe(true);

    // Two calls said Do not call: correcting one keeps the number listed.
    const twice = freshNumber();
    const first = await startedCall(a.token, twice);
    const second = await startedCall(a.token, twice);
    expect((await setOutcome(a.token, first, "do_not_call")).status).toBe(200);
    expect((await setOutcome(a.token, second, "do_not_call")).status).toBe(200);
    expect((await setOutcome(a.token, second, "interested")).status).toBe(200);
    expect(await listed(a.token, twice)).toBe(true);
  });
});

describe("session preview", () => {
  it("flags do-not-call numbers, colleagues' reservations and recent team calls", async () => {
    // One after the other: a fresh database creates the shared organization on the first.
    const [a, b] = [await rep(), await rep()];
    const [dncDigits, calledDigits, freeDigits] = [freshNumber(), freshNumber(), freshNumber()];
    const ids = ["ChIJdnc", "ChIJreserved", "ChIJcalled", "ChIJfree", "ChIJnophone"].map(
      (p) => `${p}${crypto.randomBytes(4).toString("hex")}`,
    );
    await add(a.token, { number: dncDigits });
    const r = await reserve.POST(
      request("POST", `/api/dialing/reservations/${ids[1]}`, { token: b.token }),
      {
        params: Promise.resolve({ placeId: ids[1]! }),
      },
    );
    expect(r.status).toBe(200);
    await putCall(b.token, crypto.randomUUID(), {
      placeId: ids[2],
      dialedDigits: calledDigits,
      startedAt: new Date(Date.now() - 3_600_000).toISOString(),
    });
    const res = await preview.POST(
      request("POST", "/api/dialing/preview", {
        token: a.token,
        body: {
          places: [
            {
              placeId: ids[0],
              phone: `(${dncDigits.slice(0, 3)}) ${dncDigits.slice(3, 6)}-${dncDigits.slice(6)}`,
            },
            { placeId: ids[1], phone: freeDigits },
            { placeId: ids[2], phone: calledDigits },
            { placeId: ids[3], phone: freeDigits },
            { placeId: ids[4], phone: null },
          ],
        },
      }),
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      settings: { countdownSeconds: number; window: { startMinute: number } };
      places: Record<
        string,
        { doNotCall: boolean; reservedBy: string | null; recentCallAt: string | null }
      >;
    };
    expect(body.settings).toMatchObject({
      countdownSeconds: 5,
      reservationMinutes: 60,
      recentHours: 24,
    });
    expect(body.settings.window).toEqual({
      startMinute: 540,
      endMinute: 1080,
      days: [1, 2, 3, 4, 5],
    });
    expect(body.places[ids[0]!]).toEqual({ doNotCall: true, reservedBy: null, recentCallAt: null });
    expect(body.places[ids[1]!]).toEqual({
      doNotCall: false,
      reservedBy: b.username,
      recentCallAt: null,
    });
    expect(body.places[ids[2]!]).toMatchObject({ doNotCall: false, reservedBy: null });
    expect(body.places[ids[2]!]!.recentCallAt).toEqual(expect.any(String));
    expect(body.places[ids[3]!]).toEqual({
      doNotCall: false,
      reservedBy: null,
      recentCallAt: null,
    });
    expect(body.places[ids[4]!]).toEqual({
      doNotCall: false,
      reservedBy: null,
      recentCallAt: null,
    });
  });

  it("validates its input", async () => {
    const a = await rep();
    const res = await preview.POST(
      request("POST", "/api/dialing/preview", {
        token: a.token,
        body: { places: [{ placeId: "bad id", phone: null }] },
      }),
    );
    expect(res.status).toBe(400);
  });
});

describe("do-not-call bypass dial strings (security probe)", () => {
  /** What the dialer may send as a call's dialedDigits: digits, *, # and a leading +. */
  const dialedForms = (d: string) => [
    `*67${d}`,
    `*82${d}`,
    `#31#${d}`,
    `*31#${d}`,
    `*67*82${d}`,
    `001${d}`,
    `+001${d}`,
    `0111${d}`,
    `${d}#`,
    `${d}*1`,
    `1${d}*12#`,
    `${d}9`,
    `${d}123`,
    `1${d}9`,
    `*671${d}#`,
  ];
  /** What a rep can type into the check (and the add form): extensions and pauses as well. */
  const typedForms = (d: string) => [
    ...dialedForms(d),
    `${d}x12`,
    `${d};ext=12`,
    `${d},123`,
    `${d};123`,
    `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)} ext. 12`,
    `+1 ${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)},,9`,
    `+00 1 ${d}`,
  ];
  const checkOf = async (token: string, number: string) => {
    const res = await check.GET(
      request("GET", `/api/do-not-call/check?number=${encodeURIComponent(number)}`, { token }),
    );
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  it("the check says listed for every form of a listed number", async () => {
    const a = await rep(true);
    const digits = freshNumber();
    expect((await add(a.token, { number: digits })).status).toBe(201);
    for (const form of typedForms(digits)) {
      expect(await checkOf(a.token, form), form).toEqual({
        status: 200,
        body: { number: e164(digits), doNotCall: true },
      });
    }
  });

  it("refuses to record a call dialed with a service code, an international prefix or post-dial digits", async () => {
    const a = await rep(true);
    const digits = freshNumber();
    await add(a.token, { number: digits });
    for (const dialedDigits of dialedForms(digits)) {
      const res = await putCall(a.token, crypto.randomUUID(), {
        dialedDigits,
        startedAt: new Date().toISOString(),
      });
      expect(res.status, dialedDigits).toBe(403);
      expect(await res.json(), dialedDigits).toMatchObject({ code: "do_not_call" });
    }
    const db = await getDb();
    const recorded = await db.call.count({
      where: { dialedDigits: { in: dialedForms(digits) } },
    });
    expect(recorded).toBe(0);
  });

  it("refuses a dial string that is not a phone number with 400 (check and call record)", async () => {
    const a = await rep(true);
    for (const number of ["*67", "12345", "#31#", "*675", "0011", "+1512555010199"]) {
      const res = await checkOf(a.token, number);
      expect(res.status, number).toBe(400);
      expect(res.body, number).toMatchObject({
        code: "invalid_number",
        error: expect.stringMatching(/not a valid phone number/i),
      });
      const id = crypto.randomUUID();
      const call = await putCall(a.token, id, {
        dialedDigits: number,
        startedAt: new Date().toISOString(),
      });
      expect(call.status, number).toBe(400);
      expect(await call.json(), number).toMatchObject({
        code: "invalid_number",
        fields: { dialedDigits: expect.any(String) },
      });
      expect(await (await getDb()).call.count({ where: { id } })).toBe(0);
    }
  });

  it("still records ordinary calls in the forms reps and the sample data use", async () => {
    const a = await rep(true);
    for (const [dialedDigits, number] of [
      ["5125550101", "+15125550101"],
      ["15125550101", "+15125550101"],
      ["+15125550101", "+15125550101"],
      ["5551234567", "+15551234567"],
      ["442071838750", "+442071838750"],
      ["011442071838750", "+442071838750"],
    ] as const) {
      const res = await putCall(a.token, crypto.randomUUID(), {
        dialedDigits,
        startedAt: new Date().toISOString(),
      });
      expect(res.status, dialedDigits).toBe(201);
      expect(await res.json(), dialedDigits).toMatchObject({
        call: { dialedDigits, dialedNumber: number },
      });
    }
    for (const typed of ["+1 512-555-0101", "(512) 555-0101", "512.555.0101"]) {
      expect(await checkOf(a.token, typed), typed).toEqual({
        status: 200,
        body: { number: "+15125550101", doNotCall: false },
      });
    }
  });
});

describe("do-not-call CSV round trip of notes", () => {
  it("export then import gives back every note exactly, formula-like or not", async () => {
    const a = await rep(true);
    const notes = [
      "=1+2",
      "+1 asked twice",
      "-called back angry",
      "@support",
      "'=1+2",
      "''=SUM(A1)",
      "'quoted on purpose",
      "'",
      "it's fine",
      'said "never", twice',
      "two\nlines",
      "=".repeat(200),
      "'".repeat(199) + "=",
    ];
    const added = new Map<string, string>();
    for (const note of notes) {
      const digits = freshNumber();
      const res = await add(a.token, { number: digits, note });
      expect(res.status, note).toBe(201);
      added.set(e164(digits), note);
    }
    const out = await exportRoute.GET(
      request("GET", "/api/do-not-call/export.csv", { token: a.token }),
    );
    const csv = await out.text();
    const b = await rep(true);
    const res = await importRoute.POST(
      request("POST", "/api/do-not-call/import", { token: b.token, body: { csv } }),
    );
    expect(await res.json()).toMatchObject({ added: notes.length, invalid: [] });
    const back = new Map((await getList(b.token)).numbers.map((n) => [n.number, n.note]));
    for (const [number, note] of added) expect(back.get(number), note).toBe(note);
  });
});
