import "client-only";
import { z } from "zod";
import { apiClient } from "@/lib/client/api-client";

// The console sign-in's two calls, before the operator has a token.

const loginResponse = z
  .object({ token: z.unknown().optional(), challenge: z.unknown().optional() })
  .loose();
const codeResponse = z.object({ token: z.string().min(1) });

/** POST /api/admin/login: a token, or a challenge when the operator has a second factor. */
export function operatorLogin(username: string, password: string) {
  return apiClient.post(
    "/api/admin/login",
    { username, password },
    { schema: loginResponse, credential: "none" },
  );
}

/** POST /api/admin/login/2fa: the challenge and a code (or a recovery code) for a token. */
export function operatorLoginCode(challenge: string, code: string) {
  return apiClient.post(
    "/api/admin/login/2fa",
    { challenge, code },
    { schema: codeResponse, credential: "none" },
  );
}
