import "server-only";
import { NextResponse } from "next/server";
import { ZodError } from "zod";
import { errorMessage, log } from "@/lib/log";

// One error type for every route handler; its code decides the status, in one table.
const statusByCode = {
  bad_request: 400,
  invalid_json: 400,
  validation: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unprocessable: 422,
  rate_limited: 429,
  internal: 500,
  bad_gateway: 502,
  unavailable: 503,
  gateway_timeout: 504,
} as const;

export type ApiErrorCode = keyof typeof statusByCode;

export type ApiErrorOptions = {
  /**
   * A stable, machine-readable reason sent beside the message (`email_token_expired`); the
   * browser branches on it, never on the English text. Defaults to the kind.
   */
  code?: string;
  headers?: Record<string, string>;
  /** Extra fields of the error body beside `error` and `code` (e.g. `upstream: {status, body}`). */
  details?: Record<string, unknown>;
};

export class ApiError extends Error {
  readonly code: string;
  readonly headers: Record<string, string>;
  readonly details: Record<string, unknown> | undefined;

  constructor(
    readonly kind: ApiErrorCode,
    message: string,
    options: ApiErrorOptions = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.code = options.code ?? kind;
    this.headers = options.headers ?? {};
    this.details = options.details;
  }

  get status() {
    return statusByCode[this.kind];
  }
}

export const noStore = { "Cache-Control": "no-store" };

/** The one error body: the spec's `error` text plus a stable `code` for the browser to branch on. */
export function errorResponse(kind: ApiErrorCode, message: string, options: ApiErrorOptions = {}) {
  return NextResponse.json(
    { ...options.details, error: message, code: options.code ?? kind },
    { status: statusByCode[kind], headers: { ...noStore, ...options.headers } },
  );
}

/** Reading the body of a request whose client disconnected throws "aborted" (Node's http). */
function clientWentAway(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  return err.name === "AbortError" || err.message === "aborted" || code === "ECONNRESET";
}

/** Maps anything thrown by a handler to a response; unknown errors never reveal internals. */
export function handleApiError(err: unknown, context: { method: string; path: string }) {
  if (err instanceof ApiError) {
    return errorResponse(err.kind, err.message, {
      code: err.code,
      headers: err.headers,
      details: err.details,
    });
  }
  if (err instanceof ZodError) {
    const first = err.issues[0];
    const where = first?.path.length ? `${first.path.join(".")}: ` : "";
    // Every invalid field with its first message, so a form can mark each one.
    const fields: Record<string, string> = {};
    for (const issue of err.issues) {
      const key = issue.path.join(".");
      if (key && !(key in fields)) fields[key] = issue.message;
    }
    return errorResponse("validation", `${where}${first?.message ?? "Invalid request"}`, {
      details: Object.keys(fields).length ? { fields } : undefined,
    });
  }
  if (clientWentAway(err)) {
    // The browser left mid-request (a page change cancels its fetches): nothing failed here.
    log.info("request aborted by the client", context);
    return errorResponse("validation", "Request aborted");
  }
  log.error("unhandled error in route handler", { ...context, error: errorMessage(err) });
  return errorResponse("internal", "Internal server error");
}
