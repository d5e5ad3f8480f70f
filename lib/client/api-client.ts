import "client-only";
import type { Checked, Checker } from "./checker";
import { ApiClientError, isAbortError } from "./api-error";
import { getOperatorToken } from "./operator-session";
import { readStored } from "./storage/core";
import { sessionTokenKey } from "./storage/session-keys";

export { ApiClientError, isAbortError } from "./api-error";

// The one way browser code calls DialFlow's API: it attaches the caller's credential, parses
// the answer with the zod schema the route handler shares (lib/<domain>/schemas.ts; any
// Checker, lib/client/checker.ts, where a page must not load zod) and turns
// every failure into an ApiClientError carrying status, the server's stable `code` and its
// message. Branch on `code`, never on the English text.

/** Whose bearer token goes with the call: the rep's (local storage), the console's (session storage) or none. */
export type Credential = "rep" | "operator" | "none";

type QueryValue = string | number | boolean | null | undefined;

export type CallOptions<S extends Checker<unknown>> = {
  schema: S;
  credential: Credential;
  signal?: AbortSignal;
  /** e.g. "no-store" for the spec's first profile call. */
  cache?: RequestCache;
  /** Extra request headers (a recording chunk's checksum). */
  headers?: Record<string, string>;
};

export type GetOptions<S extends Checker<unknown>> = CallOptions<S> & {
  /** Added to the URL; null and undefined entries are left out. */
  query?: Record<string, QueryValue>;
};

function tokenFor(credential: Credential): string | null {
  if (credential === "rep") return readStored(sessionTokenKey);
  if (credential === "operator") return getOperatorToken();
  return null;
}

function withQuery(url: string, query: Record<string, QueryValue> | undefined) {
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== null && value !== undefined) params.append(name, String(value));
  }
  const search = params.toString();
  if (!search) return url;
  return `${url}${url.includes("?") ? "&" : "?"}${search}`;
}

/** The one error a failed response becomes: the server's `code` and message when it sent them. */
function errorOf(res: Response, parsed: unknown): ApiClientError {
  const shaped =
    parsed !== null && typeof parsed === "object" ? (parsed as Record<string, unknown>) : {};
  return new ApiClientError({
    status: res.status,
    code: typeof shaped.code === "string" ? shaped.code : null,
    message: typeof shaped.error === "string" ? shaped.error : `HTTP ${res.status}`,
    body: parsed,
    retryAfterSec: retryAfter(res),
  });
}

function retryAfter(res: Response): number | null {
  const value = Number(res.headers.get("Retry-After"));
  return Number.isFinite(value) && value > 0 ? Math.ceil(value) : null;
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

async function call<S extends Checker<unknown>>(
  method: string,
  url: string,
  body: unknown,
  options: CallOptions<S>,
): Promise<Checked<S>> {
  const headers = new Headers({ Accept: "application/json" });
  if (options.credential !== "none") {
    const token = tokenFor(options.credential);
    if (!token) {
      throw new ApiClientError({ status: 401, code: "no_credential", message: "Not signed in" });
    }
    headers.set("Authorization", `Bearer ${token}`);
  }
  // Raw bytes (a recording's chunk) go as they are; everything else is JSON.
  const raw = typeof Blob !== "undefined" && body instanceof Blob;
  if (raw) headers.set("Content-Type", "application/octet-stream");
  else if (body !== undefined) headers.set("Content-Type", "application/json");
  for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);

  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers,
      body: raw ? body : body === undefined ? undefined : JSON.stringify(body),
      signal: options.signal,
      cache: options.cache,
    });
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw new ApiClientError({ status: 0, code: "network", message: "Network error" });
  }

  let parsed: unknown;
  try {
    parsed = await readBody(res);
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw new ApiClientError({ status: res.status, code: "network", message: "Network error" });
  }

  if (!res.ok) {
    throw errorOf(res, parsed);
  }

  const checked = options.schema.safeParse(parsed);
  if (!checked.success) {
    throw new ApiClientError({
      status: res.status,
      code: "invalid_response",
      message: "Unexpected response",
      body: parsed,
    });
  }
  return checked.data as Checked<S>;
}

/** A file the server sent (CSV exports): its bytes and the name from Content-Disposition. */
export type Downloaded = { blob: Blob; fileName: string | null };

function fileNameOf(res: Response): string | null {
  const header = res.headers.get("Content-Disposition") ?? "";
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1]);
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain ? plain[1] : null;
}

/**
 * GET a file with the caller's credential (a plain link cannot carry the bearer token). Failures
 * throw ApiClientError exactly as the JSON calls do.
 */
async function download(
  url: string,
  options: { credential: Credential; query?: Record<string, QueryValue>; signal?: AbortSignal },
): Promise<Downloaded> {
  const headers = new Headers();
  if (options.credential !== "none") {
    const token = tokenFor(options.credential);
    if (!token) {
      throw new ApiClientError({ status: 401, code: "no_credential", message: "Not signed in" });
    }
    headers.set("Authorization", `Bearer ${token}`);
  }
  let res: Response;
  try {
    res = await fetch(withQuery(url, options.query), { headers, signal: options.signal });
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw new ApiClientError({ status: 0, code: "network", message: "Network error" });
  }
  if (!res.ok) {
    const parsed = await readBody(res).catch(() => undefined);
    throw errorOf(res, parsed);
  }
  try {
    return { blob: await res.blob(), fileName: fileNameOf(res) };
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw new ApiClientError({ status: res.status, code: "network", message: "Network error" });
  }
}

export const apiClient = {
  download,
  get<S extends Checker<unknown>>(url: string, options: GetOptions<S>) {
    return call("GET", withQuery(url, options.query), undefined, options);
  },
  post<S extends Checker<unknown>>(url: string, body: unknown, options: CallOptions<S>) {
    return call("POST", url, body, options);
  },
  put<S extends Checker<unknown>>(url: string, body: unknown, options: CallOptions<S>) {
    return call("PUT", url, body, options);
  },
  patch<S extends Checker<unknown>>(url: string, body: unknown, options: CallOptions<S>) {
    return call("PATCH", url, body, options);
  },
  delete<S extends Checker<unknown>>(url: string, options: CallOptions<S>) {
    return call("DELETE", url, undefined, options);
  },
};
