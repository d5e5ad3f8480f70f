"use client";

import { apiPost } from "./api";
import { writeSession } from "./session";

/**
 * The login operation (spec sections 5 and 7): failure on a non-OK answer or an answer
 * without a token. 429 is told apart so the screen can say when to retry.
 */
export type LoginResult =
  | { ok: true }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "throttled"; retryAfterSec: number };

export async function login(username: string, password: string): Promise<LoginResult> {
  const res = await apiPost(
    "/api/auth/login",
    { username: username.trim(), password },
    { auth: false },
  );
  if (res.status === 429) {
    const retry = Number(res.headers.get("Retry-After"));
    return {
      ok: false,
      reason: "throttled",
      retryAfterSec: Number.isFinite(retry) && retry > 0 ? Math.ceil(retry) : 60,
    };
  }
  if (!res.ok) return { ok: false, reason: "invalid" };
  const body = (await res.json().catch(() => null)) as {
    token?: unknown;
    user?: { username?: unknown };
  } | null;
  if (!body || typeof body.token !== "string" || !body.token)
    return { ok: false, reason: "invalid" };
  const name = typeof body.user?.username === "string" ? body.user.username : username.trim();
  writeSession(body.token, name);
  return { ok: true };
}
