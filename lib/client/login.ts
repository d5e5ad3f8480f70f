import "client-only";
import { loginResponseSchema } from "@/lib/auth/schemas";
import { apiClient, ApiClientError } from "./api-client";
import { writeSession } from "./session";

/**
 * The login operation (spec sections 5 and 7): failure on a non-OK answer or an answer
 * without a token. 429 is told apart so the screen can say when to retry. Network failures
 * (and a browser that cannot store the session) throw, for the screen's network message.
 */
export type LoginResult =
  | { ok: true }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "throttled"; retryAfterSec: number };

export async function login(username: string, password: string): Promise<LoginResult> {
  let answer;
  try {
    answer = await apiClient.post(
      "/api/auth/login",
      { username: username.trim(), password },
      { schema: loginResponseSchema, credential: "none" },
    );
  } catch (error) {
    if (!(error instanceof ApiClientError) || error.code === "network") throw error;
    if (error.status === 429) {
      return { ok: false, reason: "throttled", retryAfterSec: error.retryAfterSec ?? 60 };
    }
    return { ok: false, reason: "invalid" };
  }
  const stored = writeSession(answer.token, answer.user.username);
  if (!stored.ok) throw new Error(`session not stored: ${stored.reason}`);
  return { ok: true };
}
