/**
 * What the API client throws for every failed call: a non-2xx answer (status, the server's
 * stable `code` and `error` message), or a 2xx answer that did not match the expected schema
 * (status kept, code "invalid_response"). Network failures throw with status 0, code "network".
 * Aborts are not wrapped: the DOMException AbortError is rethrown untouched.
 */
export class ApiClientError extends Error {
  readonly status: number;
  readonly code: string | null;
  readonly body: unknown;
  /** Seconds from a Retry-After header (429, 503), when the server sent one. */
  readonly retryAfterSec: number | null;

  constructor(init: {
    status: number;
    code: string | null;
    message: string;
    body?: unknown;
    retryAfterSec?: number | null;
  }) {
    super(init.message);
    this.name = "ApiClientError";
    this.status = init.status;
    this.code = init.code;
    this.body = init.body ?? null;
    this.retryAfterSec = init.retryAfterSec ?? null;
  }
}

export function isAbortError(error: unknown): boolean {
  return (
    typeof error === "object" &&
    error !== null &&
    (error as { name?: unknown }).name === "AbortError"
  );
}
