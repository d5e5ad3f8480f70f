import type { SearchFailure } from "./search-session";

// Turns what the API client threw into the status and body of the spec's message
// `Places API error {status}: {body}`: the upstream's own status and body when the server
// relayed them (code places_upstream), otherwise our server's status and message (timeout,
// unreachable, rate limit). Aborts give null: they are ignored silently.

type ClientErrorLike = {
  name?: unknown;
  status?: unknown;
  code?: unknown;
  body?: unknown;
  message?: unknown;
};

export function failureFromError(error: unknown): SearchFailure | null {
  const e = (typeof error === "object" && error !== null ? error : {}) as ClientErrorLike;
  if (e.name === "AbortError") return null;
  const upstream = (e.body as { upstream?: { status?: unknown; body?: unknown } } | null)?.upstream;
  if (e.code === "places_upstream" && upstream && typeof upstream.status === "number") {
    return {
      status: upstream.status,
      body: typeof upstream.body === "string" ? upstream.body : "",
    };
  }
  return {
    status: typeof e.status === "number" ? e.status : 0,
    body: typeof e.message === "string" ? e.message : String(error),
  };
}
