// /api/places/search and /api/places/{placeId} against a real HTTP peer speaking the Places API
// (New): headers, exact field masks, pagination, error mapping, validation, per-rep limits,
// the details cache, and that the key never appears in a response.
import { apiKey, peer } from "./places-env";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { createAccount, loginAs, request } from "./helpers";
import { configurePeer, peerRequests } from "./places-helpers";

const { GET: search } = await import("@/app/api/places/search/route");
const { GET: details } = await import("@/app/api/places/[placeId]/route");
const { searchFieldMask, detailsFieldMask, searchWithContactFieldMask } =
  await import("@/modules/places/lib/field-masks");
const { clearServerCaches } = await import("@/lib/server-caches");
const { placeDetailsResponseSchema, searchResponseSchema } =
  await import("@/modules/places/lib/schemas");

afterAll(() => peer.close());
beforeEach(async () => {
  await configurePeer(peer.url, { reset: true });
  clearServerCaches();
});

const rep = async () => loginAs(await createAccount());
const doSearch = (token: string | undefined, qs: string) =>
  search(request("GET", `/api/places/search?${qs}`, { token }));
const doDetails = (token: string | undefined, placeId: string) =>
  details(request("GET", `/api/places/${encodeURIComponent(placeId)}`, { token }), {
    params: Promise.resolve({ placeId }),
  });

async function readBody(res: Response) {
  const text = await res.text();
  expect(text).not.toContain(apiKey);
  return JSON.parse(text) as Record<string, unknown>;
}

describe("search", () => {
  it("posts the query with the key, the exact field mask and page size 20, and maps the answer", async () => {
    const token = await rep();
    const res = await doSearch(token, "q=%20dentists%20in%20Austin%20");
    expect(res.status).toBe(200);
    const page = searchResponseSchema.parse(await readBody(res));
    expect(page.places).toHaveLength(20);
    expect(page.nextPageToken).toEqual(expect.any(String));
    expect(page).toMatchObject({ demo: false, detailsIncluded: false });
    const first = page.places[0]!;
    expect(first.place_id).toMatch(/^ChIJ/);
    expect(first.name).toMatch(/Dentist/);
    expect(first.address).toMatch(/, Austin, TX \d{5}, USA$/);
    expect(first.rating).toEqual(expect.any(Number));
    expect(first.place_url).toMatch(/^https:\/\/maps\.google\.com/);
    expect(first.primaryType).toBe("dentist");
    // Not in the search mask: left for the details call.
    expect(first).toMatchObject({ phone: null, opening_hours: null, geometry: null });
    // Fields Google omits become null.
    expect(page.places[1]!.website).toBeNull();

    const [upstream] = await peerRequests(peer.url);
    expect(upstream).toMatchObject({ kind: "search", hasKey: true, fieldMask: searchFieldMask });
    expect(upstream!.body).toEqual({ textQuery: "dentists in Austin", pageSize: 20 });
    expect(searchFieldMask).toBe(
      "places.id,places.displayName,places.formattedAddress,places.rating,places.userRatingCount,places.googleMapsUri,places.websiteUri,places.primaryType,nextPageToken",
    );
  });

  it("pages with nextPageToken: three pages of 20, one upstream call each, none after the last", async () => {
    const token = await rep();
    const ids = new Set<string>();
    let pageToken: string | null = null;
    let pages = 0;
    do {
      const qs: string = `q=plumbers+in+Dallas${pageToken ? `&pageToken=${encodeURIComponent(pageToken)}` : ""}`;
      const res = await doSearch(token, qs);
      expect(res.status).toBe(200);
      const page = searchResponseSchema.parse(await readBody(res));
      page.places.forEach((p) => ids.add(p.place_id));
      pageToken = page.nextPageToken;
      pages++;
    } while (pageToken);
    expect(pages).toBe(3);
    expect(ids.size).toBe(60);
    const upstream = await peerRequests(peer.url);
    expect(upstream.map((r) => (r.body?.pageToken ? "next" : "first"))).toEqual([
      "first",
      "next",
      "next",
    ]);
    expect(upstream.every((r) => r.body?.textQuery === "plumbers in Dallas")).toBe(true);
  });

  it("reports a page token that does not belong to the query as the upstream's 400", async () => {
    const token = await rep();
    const first = searchResponseSchema.parse(
      await readBody(await doSearch(token, "q=cafes+in+Seattle")),
    );
    const res = await doSearch(token, `q=bakeries&pageToken=${first.nextPageToken}`);
    expect(res.status).toBe(502);
    expect(await readBody(res)).toMatchObject({
      code: "places_upstream",
      upstream: { status: 400, body: expect.stringContaining("INVALID_ARGUMENT") },
    });
  });

  it.each([403, 429, 500])(
    "maps an upstream %i to 502 places_upstream with status and body",
    async (status) => {
      const token = await rep();
      await configurePeer(peer.url, { failSearch: { status, count: 1 } });
      const res = await doSearch(token, "q=dentists");
      expect(res.status).toBe(502);
      const body = await readBody(res);
      expect(body).toMatchObject({
        error: `Places API error ${status}`,
        code: "places_upstream",
        upstream: { status, body: expect.stringContaining(`"code":${status}`) },
      });
      // The browser composes `Places API error {status}: {body}` from these.
      expect(JSON.parse((body.upstream as { body: string }).body).error.code).toBe(status);
    },
  );

  it("answers 504 when the upstream is slower than PLACES_TIMEOUT_MS", async () => {
    const token = await rep();
    // The peer would answer after 8 s; the 400 ms deadline answers long before (the bound is
    // loose so that a loaded machine does not fail it, and still far below the peer's delay).
    await configurePeer(peer.url, { searchDelayMs: 8000 });
    const started = Date.now();
    const res = await doSearch(token, "q=slow+dentists");
    expect(res.status).toBe(504);
    expect(Date.now() - started).toBeLessThan(4000);
    expect(await readBody(res)).toMatchObject({ code: "places_timeout" });
  });

  it("answers 502 places_unreachable when the connection fails", async () => {
    const token = await rep();
    await configurePeer(peer.url, { failSearch: { status: 0, count: 1 } });
    const res = await doSearch(token, "q=dentists");
    expect(res.status).toBe(502);
    expect(await readBody(res)).toMatchObject({ code: "places_unreachable" });
  });

  it.each([
    ["", "missing q"],
    ["q=", "empty q"],
    ["q=%20%20%20", "blank q"],
    [`q=${"a".repeat(201)}`, "q over 200 characters"],
    ["q=dentists&pageToken=abc%20def", "page token outside the alphabet"],
    [`q=dentists&pageToken=${"a".repeat(2049)}`, "page token too long"],
  ])("rejects %s (%s) with 400 and no upstream call", async (qs) => {
    const token = await rep();
    const res = await doSearch(token, qs);
    expect(res.status).toBe(400);
    const body = await readBody(res);
    expect(body).toMatchObject({ code: "validation", error: expect.any(String) });
    expect(await peerRequests(peer.url)).toHaveLength(0);
  });

  it("accepts a query of exactly 200 characters", async () => {
    const res = await doSearch(await rep(), `q=${"a".repeat(200)}`);
    expect(res.status).toBe(200);
  });

  it("requires a signed-in rep", async () => {
    expect((await doSearch(undefined, "q=dentists")).status).toBe(401);
    expect((await doDetails(undefined, "ChIJabcdefghijk")).status).toBe(401);
    expect(await peerRequests(peer.url)).toHaveLength(0);
  });

  it("limits searches per rep per minute (429 with Retry-After), other reps unaffected", async () => {
    const token = await rep();
    const statuses: number[] = [];
    for (let i = 0; i < 13; i++) statuses.push((await doSearch(token, `q=gyms+${i}`)).status);
    expect(statuses.slice(0, 12).every((s) => s === 200)).toBe(true);
    expect(statuses[12]).toBe(429);
    const limited = await doSearch(token, "q=gyms");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await peerRequests(peer.url)).filter((r) => r.kind === "search")).toHaveLength(12);
    expect((await doSearch(await rep(), "q=gyms")).status).toBe(200);
  });
});

describe("details", () => {
  async function someIds(token: string, q = "dentists in Austin") {
    const page = searchResponseSchema.parse(
      await readBody(await doSearch(token, `q=${encodeURIComponent(q)}`)),
    );
    return page.places.map((p) => p.place_id);
  }

  it("gets one place with the key and the exact details mask, and maps phone, hours, location, offset", async () => {
    const token = await rep();
    const [id] = await someIds(token);
    const res = await doDetails(token, id!);
    expect(res.status).toBe(200);
    const { place, demo } = placeDetailsResponseSchema.parse(await readBody(res));
    expect(demo).toBe(false);
    expect(place.place_id).toBe(id);
    expect(place.phone).toBe("(512) 555-0100");
    expect(place.website).toMatch(/^https:\/\//);
    expect(place.geometry!.lat).toBeCloseTo(30.27, 0);
    expect(place.utc_offset_minutes).toBe(-360);
    expect(place.opening_hours!.periods[0]).toEqual({
      open: { day: 1, hour: 8, minute: 0 },
      close: { day: 1, hour: 17, minute: 0 },
    });
    expect(place.opening_hours!.weekday_text).toHaveLength(7);

    const upstream = (await peerRequests(peer.url)).filter((r) => r.kind === "details");
    expect(upstream).toEqual([
      expect.objectContaining({ placeId: id, hasKey: true, fieldMask: detailsFieldMask }),
    ]);
    expect(detailsFieldMask).toBe(
      "id,displayName,formattedAddress,rating,userRatingCount,internationalPhoneNumber,nationalPhoneNumber,websiteUri,googleMapsUri,regularOpeningHours,utcOffsetMinutes,location,primaryType",
    );
  });

  it("keeps null for a place without phone or website", async () => {
    const token = await rep();
    const ids = await someIds(token);
    const { place } = placeDetailsResponseSchema.parse(
      await readBody(await doDetails(token, ids[4]!)),
    );
    expect(place.phone).toBeNull();
    const other = placeDetailsResponseSchema.parse(await readBody(await doDetails(token, ids[1]!)));
    expect(other.place.website).toBeNull();
  });

  it("serves a second rep and concurrent requests from one upstream call until the cache is cleared", async () => {
    const alice = await rep();
    const bob = await rep();
    const [id] = await someIds(alice);
    await configurePeer(peer.url, { detailsDelayMs: 100 });
    const answers = await Promise.all([
      doDetails(alice, id!),
      doDetails(bob, id!),
      doDetails(alice, id!),
    ]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect((await doDetails(bob, id!)).status).toBe(200);
    const count = async () =>
      (await peerRequests(peer.url)).filter((r) => r.kind === "details").length;
    expect(await count()).toBe(1);
    expect(clearServerCaches()).toContainEqual({ name: "places-details", entries: 1 });
    expect((await doDetails(bob, id!)).status).toBe(200);
    expect(await count()).toBe(2);
  });

  it("does not cache failures", async () => {
    const token = await rep();
    const [id] = await someIds(token);
    await configurePeer(peer.url, { failDetails: { status: 500, count: 1 } });
    const failed = await doDetails(token, id!);
    expect(failed.status).toBe(502);
    expect(await readBody(failed)).toMatchObject({
      code: "places_upstream",
      upstream: { status: 500 },
    });
    expect((await doDetails(token, id!)).status).toBe(200);
  });

  it("maps an unknown place to 502 with the upstream's 404", async () => {
    const token = await rep();
    const res = await doDetails(token, "ChIJunknownPlace000");
    expect(res.status).toBe(502);
    expect(await readBody(res)).toMatchObject({
      upstream: { status: 404, body: expect.stringContaining("NOT_FOUND") },
    });
  });

  it.each(["abc$def", "../../etc/passwd", "a".repeat(257), "with space"])(
    "rejects the place id %s with 400 and no upstream call",
    async (placeId) => {
      const res = await doDetails(await rep(), placeId);
      expect(res.status).toBe(400);
      expect(await readBody(res)).toMatchObject({ code: "validation" });
      expect(await peerRequests(peer.url)).toHaveLength(0);
    },
  );

  it("limits detail calls per rep per minute, cached answers included", async () => {
    const token = await rep();
    const [id] = await someIds(token);
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await doDetails(token, id!)).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(30);
    expect(statuses[30]).toBe(429);
  });
});

describe("provider", () => {
  it("asks the search for contact fields when PLACES_SEARCH_INCLUDES_CONTACT is on", async () => {
    const { createGoogleProvider } = await import("@/modules/places/lib/google");
    const p = createGoogleProvider({
      apiKey,
      baseUrl: peer.url,
      timeoutMs: 2000,
      searchIncludesContact: true,
    });
    const page = await p.searchText({ query: "dentists in Austin" });
    expect(page.detailsIncluded).toBe(true);
    expect(page.places[0]).toMatchObject({ phone: "(512) 555-0100", utc_offset_minutes: -360 });
    expect(page.places[0]!.geometry).not.toBeNull();
    const [upstream] = await peerRequests(peer.url);
    expect(upstream!.fieldMask).toBe(searchWithContactFieldMask);
  });

  it("reports a wrong key as the upstream's 400 without echoing the key", async () => {
    const { createGoogleProvider } = await import("@/modules/places/lib/google");
    const wrongKey = "test-places-wrong-key";
    const p = createGoogleProvider({
      apiKey: wrongKey,
      baseUrl: peer.url,
      timeoutMs: 2000,
      searchIncludesContact: false,
    });
    const err = await p.searchText({ query: "dentists" }).catch((e: unknown) => e);
    expect(err).toMatchObject({ name: "PlacesUpstreamError", status: 400 });
    expect((err as { body: string }).body).toContain("API_KEY_INVALID");
  });

  it("redacts the key if an upstream body ever echoes it", async () => {
    const { createGoogleProvider } = await import("@/modules/places/lib/google");
    const echo: typeof fetch = async (_url, init) =>
      new Response(`bad key ${(init?.headers as Record<string, string>)["X-Goog-Api-Key"]}`, {
        status: 400,
      });
    const p = createGoogleProvider({
      apiKey,
      baseUrl: "http://unused",
      timeoutMs: 2000,
      searchIncludesContact: false,
      fetch: echo,
    });
    const err = (await p.searchText({ query: "x" }).catch((e: unknown) => e)) as { body: string };
    expect(err.body).toBe("bad key [redacted]");
  });
});
