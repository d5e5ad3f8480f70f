import "server-only";
import type { z } from "zod";
import {
  detailsFieldMask,
  pageSize,
  searchFieldMask,
  searchWithContactFieldMask,
} from "./field-masks";
import { googleDetailsResponseSchema, googleSearchResponseSchema, toPlace } from "./google-map";
import {
  PlacesNetworkError,
  PlacesTimeoutError,
  PlacesUpstreamError,
  type PlacesProvider,
  type SearchPage,
} from "./provider";
import type { Place } from "./schemas";

// Google Places API (New) over plain fetch: one configurable base URL, so tests and the e2e
// run point it at a local peer that speaks the same protocol.

export type GoogleConfig = {
  apiKey: string;
  baseUrl: string;
  timeoutMs: number;
  searchIncludesContact: boolean;
  fetch?: typeof fetch;
};

/** Upstream error bodies are shown to reps; keep them short and never echo the key. */
const maxBodyChars = 2000;

export function createGoogleProvider(config: GoogleConfig): PlacesProvider {
  const base = config.baseUrl.replace(/\/+$/, "");
  const doFetch = config.fetch ?? fetch;

  const scrub = (text: string) =>
    text.split(config.apiKey).join("[redacted]").slice(0, maxBodyChars);

  async function call<S extends z.ZodType>(
    url: string,
    init: RequestInit,
    schema: S,
    signal?: AbortSignal,
  ): Promise<z.infer<S>> {
    const timeout = AbortSignal.timeout(config.timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    let text: string;
    let status: number;
    try {
      const res = await doFetch(url, { ...init, signal: combined, cache: "no-store" });
      status = res.status;
      text = await res.text();
    } catch (err) {
      if (signal?.aborted) throw signal.reason ?? err;
      if (timeout.aborted) throw new PlacesTimeoutError(config.timeoutMs);
      throw new PlacesNetworkError(
        `Places API unreachable: ${err instanceof Error ? (err.cause instanceof Error ? err.cause.message : err.message) : String(err)}`,
      );
    }
    if (status < 200 || status >= 300) throw new PlacesUpstreamError(status, scrub(text));
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new PlacesNetworkError("Places API answered with a body that is not JSON");
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success)
      throw new PlacesNetworkError("Places API answered with an unexpected shape");
    return parsed.data;
  }

  const headers = (mask: string) => ({
    "Content-Type": "application/json",
    "X-Goog-Api-Key": config.apiKey,
    "X-Goog-FieldMask": mask,
  });

  return {
    kind: "google",
    async searchText({ query, pageToken, signal }): Promise<SearchPage> {
      const mask = config.searchIncludesContact ? searchWithContactFieldMask : searchFieldMask;
      const body = { textQuery: query, pageSize, ...(pageToken ? { pageToken } : {}) };
      const data = await call(
        `${base}/v1/places:searchText`,
        { method: "POST", headers: headers(mask), body: JSON.stringify(body) },
        googleSearchResponseSchema,
        signal,
      );
      return {
        places: (data.places ?? []).map(toPlace),
        nextPageToken: data.nextPageToken || null,
        detailsIncluded: config.searchIncludesContact,
      };
    },
    async details(placeId, opts = {}): Promise<Place> {
      const data = await call(
        `${base}/v1/places/${encodeURIComponent(placeId)}`,
        { method: "GET", headers: headers(detailsFieldMask) },
        googleDetailsResponseSchema,
        opts.signal,
      );
      return toPlace(data);
    },
  };
}
