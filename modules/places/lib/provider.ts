import type { Place } from "./schemas";

// What the route handlers need from a places source. Two implementations: Google Places API
// (New) when PLACES_API_KEY is set, and the built-in demo provider otherwise.

export type SearchPage = {
  places: Place[];
  nextPageToken: string | null;
  /** The places already carry the details fields (phone, hours, location): no details call needed. */
  detailsIncluded: boolean;
};

export interface PlacesProvider {
  readonly kind: "google" | "demo";
  searchText(input: {
    query: string;
    pageToken?: string;
    signal?: AbortSignal;
  }): Promise<SearchPage>;
  details(placeId: string, opts?: { signal?: AbortSignal }): Promise<Place>;
}

/** The upstream answered with an error status; status and (key-free) body go to the browser. */
export class PlacesUpstreamError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`Places API error ${status}`);
    this.name = "PlacesUpstreamError";
  }
}

/** The upstream did not answer within PLACES_TIMEOUT_MS. */
export class PlacesTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`Places API did not answer within ${timeoutMs} ms`);
    this.name = "PlacesTimeoutError";
  }
}

/** The upstream could not be reached (DNS, refused, reset) or sent something unreadable. */
export class PlacesNetworkError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PlacesNetworkError";
  }
}
