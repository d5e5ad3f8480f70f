import { describe, expect, it } from "vitest";
import { mapView } from "@/modules/facility/lib/map-view";

const base = {
  hasCoordinates: true,
  apiKey: "key",
  apiStatus: "LOADING" as const,
  authFailed: false,
  renderFailed: false,
  mapReady: false,
};

describe("map popup view", () => {
  it("says No coordinates available. for a place without a location, whatever else holds", () => {
    expect(mapView({ ...base, hasCoordinates: false, apiKey: null })).toEqual({
      kind: "noCoordinates",
    });
  });
  it("fails (and names the variable) without a key", () => {
    expect(mapView({ ...base, apiKey: null })).toEqual({ kind: "failed", reason: "missingKey" });
    expect(mapView({ ...base, apiKey: "" })).toEqual({ kind: "failed", reason: "missingKey" });
  });
  it("is loading until the script has loaded and the map exists", () => {
    expect(mapView({ ...base, apiStatus: "NOT_LOADED" }).kind).toBe("loading");
    expect(mapView(base).kind).toBe("loading");
    expect(mapView({ ...base, apiStatus: "LOADED" }).kind).toBe("loading");
    expect(mapView({ ...base, apiStatus: "LOADED", mapReady: true }).kind).toBe("loaded");
  });
  it("fails when the script does not load or the key is rejected", () => {
    expect(mapView({ ...base, apiStatus: "FAILED" })).toEqual({ kind: "failed", reason: "load" });
    expect(mapView({ ...base, apiStatus: "LOADED", mapReady: true, authFailed: true })).toEqual({
      kind: "failed",
      reason: "auth",
    });
    expect(mapView({ ...base, apiStatus: "AUTH_FAILURE" })).toEqual({
      kind: "failed",
      reason: "auth",
    });
  });
  it("reports a map that threw while rendering", () => {
    expect(mapView({ ...base, apiStatus: "LOADED", renderFailed: true })).toEqual({
      kind: "renderFailed",
    });
  });
});
