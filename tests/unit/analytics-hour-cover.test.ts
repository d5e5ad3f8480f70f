import { describe, expect, it } from "vitest";
import { DAY_MS, HOUR_MS, hourCover } from "@/modules/analytics/lib/hour-cover";

const at = (iso: string) => Date.parse(iso);
const h = (iso: string) => at(iso) / HOUR_MS;

describe("hourCover", () => {
  it("reads whole hours from the rollup and the partial hours at the ends from the calls", () => {
    const cover = hourCover(at("2026-03-01T10:17:00Z"), at("2026-03-01T14:43:00Z"));
    expect(cover).toEqual({
      first: h("2026-03-01T11:00:00Z"),
      end: h("2026-03-01T14:00:00Z"),
      skip: [],
      edges: [
        { from: at("2026-03-01T10:17:00Z"), to: at("2026-03-01T11:00:00Z") },
        { from: at("2026-03-01T14:00:00Z"), to: at("2026-03-01T14:43:00Z") },
      ],
    });
  });

  it("needs no calls for a range on the hour", () => {
    const cover = hourCover(at("2026-03-01T10:00:00Z"), at("2026-03-02T10:00:00Z"));
    expect(cover.edges).toEqual([]);
    expect(cover.end - cover.first).toBe(24);
  });

  it("reads an hour a cut splits from the calls; a cut on the hour splits nothing", () => {
    const from = at("2026-03-01T08:00:00Z");
    const to = at("2026-03-01T12:00:00Z");
    const cut = at("2026-03-01T10:30:00Z");
    expect(hourCover(from, to, [cut])).toMatchObject({
      skip: [h("2026-03-01T10:00:00Z")],
      edges: [{ from: at("2026-03-01T10:00:00Z"), to: at("2026-03-01T11:00:00Z") }],
    });
    expect(hourCover(from, to, [at("2026-03-01T10:00:00Z")])).toMatchObject({
      skip: [],
      edges: [],
    });
  });

  it("reads a range without a whole hour from the calls alone", () => {
    const from = at("2026-03-01T10:10:00Z");
    const to = at("2026-03-01T10:50:00Z");
    expect(hourCover(from, to)).toEqual({ first: 0, end: 0, skip: [], edges: [{ from, to }] });
    const across = hourCover(at("2026-03-01T10:10:00Z"), at("2026-03-01T11:50:00Z"));
    expect(across.end).toBe(across.first);
    expect(across.edges).toEqual([
      { from: at("2026-03-01T10:10:00Z"), to: at("2026-03-01T11:50:00Z") },
    ]);
  });

  it("splits by whole UTC days when told (the heatmap's rollup)", () => {
    const from = at("2026-03-01T05:00:00Z");
    const to = at("2026-03-04T20:30:00Z");
    expect(hourCover(from, to, [], DAY_MS)).toEqual({
      first: at("2026-03-02T00:00:00Z") / DAY_MS,
      end: at("2026-03-04T00:00:00Z") / DAY_MS,
      skip: [],
      edges: [
        { from, to: at("2026-03-02T00:00:00Z") },
        { from: at("2026-03-04T00:00:00Z"), to },
      ],
    });
    expect(hourCover(from, at("2026-03-02T04:00:00Z"), [], DAY_MS).edges).toEqual([
      { from, to: at("2026-03-02T04:00:00Z") },
    ]);
  });
});
