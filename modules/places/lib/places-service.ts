import "server-only";
import { ApiError } from "@/lib/api/errors";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { createDemoProvider } from "./demo";
import { detailsCache } from "./details-cache";
import { createGoogleProvider } from "./google";
import {
  PlacesNetworkError,
  PlacesTimeoutError,
  PlacesUpstreamError,
  type PlacesProvider,
} from "./provider";
import type { PlaceDetailsResponse, SearchResponse } from "./schemas";

// What the two route handlers do: pick the provider, call it, and turn its failures into the
// API's error shape. The browser shows `Places API error {status}: {body}` from `upstream`.

let provider: PlacesProvider | null = null;

export function placesProvider(): PlacesProvider {
  provider ??= env.PLACES_API_KEY
    ? createGoogleProvider({
        apiKey: env.PLACES_API_KEY,
        baseUrl: env.PLACES_API_BASE_URL,
        timeoutMs: env.PLACES_TIMEOUT_MS,
        searchIncludesContact: env.PLACES_SEARCH_INCLUDES_CONTACT,
      })
    : createDemoProvider();
  return provider;
}

function mapError(err: unknown, what: string): never {
  if (err instanceof PlacesUpstreamError) {
    log.warn("places upstream error", { what, status: err.status });
    throw new ApiError("bad_gateway", `Places API error ${err.status}`, {
      code: "places_upstream",
      details: { upstream: { status: err.status, body: err.body } },
    });
  }
  if (err instanceof PlacesTimeoutError) {
    log.warn("places upstream timeout", { what, timeoutMs: err.timeoutMs });
    throw new ApiError("gateway_timeout", err.message, { code: "places_timeout" });
  }
  if (err instanceof PlacesNetworkError) {
    log.warn("places upstream unreachable", { what, error: err.message });
    throw new ApiError("bad_gateway", err.message, { code: "places_unreachable" });
  }
  throw err;
}

export async function searchPlaces(input: {
  query: string;
  pageToken?: string;
  signal?: AbortSignal;
}): Promise<SearchResponse> {
  const p = placesProvider();
  try {
    const page = await p.searchText(input);
    return { ...page, demo: p.kind === "demo" };
  } catch (err) {
    // The browser went away (a new query aborted this one): nobody reads the answer.
    if (input.signal?.aborted)
      throw new ApiError("bad_request", "Request aborted", { code: "aborted" });
    mapError(err, "search");
  }
}

export async function getPlaceDetails(placeId: string): Promise<PlaceDetailsResponse> {
  const p = placesProvider();
  try {
    const { place } = await detailsCache().get(placeId, () => p.details(placeId));
    return { place, demo: p.kind === "demo" };
  } catch (err) {
    mapError(err, "details");
  }
}
