"use client";

import { getToken } from "./session";

/**
 * fetch() for the app's own API: adds `Authorization: Bearer <token>` from the browser
 * session (unless the caller set one) and defaults JSON bodies' content type.
 * Pass `{ auth: false }` for the calls the spec marks as unauthenticated (login).
 */
export type ApiInit = RequestInit & { auth?: boolean };

export function apiFetch(input: string, init: ApiInit = {}): Promise<Response> {
  const { auth = true, ...rest } = init;
  const headers = new Headers(rest.headers);
  const token = auth ? getToken() : null;
  if (token && !headers.has("Authorization")) headers.set("Authorization", `Bearer ${token}`);
  if (typeof rest.body === "string" && !headers.has("Content-Type")) {
    headers.set("Content-Type", "application/json");
  }
  return fetch(input, { ...rest, headers });
}

/** POST a JSON body; the caller reads the Response (status codes matter: 401, 429, ...). */
export function apiPost(input: string, body: unknown, init: ApiInit = {}): Promise<Response> {
  return apiFetch(input, { ...init, method: "POST", body: JSON.stringify(body) });
}
