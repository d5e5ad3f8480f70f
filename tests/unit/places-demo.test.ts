// The built-in demo provider: deterministic, plausible businesses, 20 a page and 3 pages.
import { describe, expect, it } from "vitest";
import { createDemoProvider, parseDemoQuery } from "@/modules/places/lib/demo";

const demo = createDemoProvider({ delays: false });

async function allPages(query: string) {
  const pages = [];
  let pageToken: string | undefined;
  do {
    const page = await demo.searchText({ query, pageToken });
    pages.push(page);
    pageToken = page.nextPageToken ?? undefined;
  } while (pageToken && pages.length < 10);
  return pages;
}

describe("demo places provider", () => {
  it("reads category and city from the words", () => {
    expect(parseDemoQuery("dentists in Austin")).toMatchObject({
      category: { type: "dentist" },
      city: { name: "Austin", state: "TX" },
    });
    expect(parseDemoQuery("Plumbers near dallas, tx").city.name).toBe("Dallas");
    expect(parseDemoQuery("cafes, Seattle").category.type).toBe("cafe");
    expect(parseDemoQuery("widget makers in Boise")).toMatchObject({
      category: { type: "widget_maker" },
      city: { name: "Boise" },
    });
  });

  it("gives 20 a page, 3 pages, 60 distinct places, the same every time", async () => {
    const pages = await allPages("dentists in Austin");
    expect(pages.map((p) => p.places.length)).toEqual([20, 20, 20]);
    expect(pages[2]!.nextPageToken).toBeNull();
    const ids = pages.flatMap((p) => p.places.map((x) => x.place_id));
    expect(new Set(ids).size).toBe(60);
    expect((await allPages("Dentists in Austin")).flatMap((p) => p.places)).toEqual(
      pages.flatMap((p) => p.places),
    );
  });

  it("writes addresses the table can parse and leaves some fields empty", async () => {
    const [page] = await allPages("dentists in Austin");
    const places = page!.places;
    expect(places[0]!.address).toMatch(/^\d+ [\w .]+, Austin, TX 787\d\d, USA$/);
    expect(places.some((p) => p.address === null)).toBe(true);
    expect(places.some((p) => p.website === null)).toBe(true);
    expect(places.every((p) => p.primaryType === "dentist")).toBe(true);
    // The search carries no details; those come from the details call.
    expect(places.every((p) => p.phone === null && p.geometry === null)).toBe(true);
  });

  it("gives details with 555-01xx numbers, hours and coordinates near the city", async () => {
    const [page] = await allPages("dentists in Austin");
    const details = await Promise.all(page!.places.map((p) => demo.details(p.place_id)));
    const phones = details.map((d) => d.phone);
    expect(phones.filter((p) => p === null).length).toBeGreaterThan(0);
    for (const p of phones.filter(Boolean)) expect(p).toMatch(/^\(512\) 555-01\d\d$/);
    for (const d of details) {
      expect(Math.abs(d.geometry!.lat - 30.2672)).toBeLessThan(0.1);
      expect(Math.abs(d.geometry!.lng + 97.7431)).toBeLessThan(0.1);
      expect(d.opening_hours!.weekday_text).toHaveLength(7);
      expect([-300, -360]).toContain(d.utc_offset_minutes);
    }
    expect(details[0]!.name).toBe(page!.places[0]!.name);
  });

  it("rejects a page token of another query and an unknown id", async () => {
    const [first] = await allPages("dentists in Austin");
    await expect(
      demo.searchText({ query: "cafes", pageToken: first!.nextPageToken! }),
    ).rejects.toMatchObject({ status: 400 });
    await expect(demo.details("demo-bogus")).rejects.toMatchObject({ status: 404 });
  });
});
