import "client-only";
import { apiClient } from "@/lib/client/api-client";
import * as r from "@/lib/client/rules";
import type { AuthorizeResponse, CredentialsResponse } from "@/lib/telephony/schemas";

// The rep's side of a real phone line: fresh SIP credentials and the server's signed
// authorisation of each call. Checked with lib/client/rules.ts (the SIP transport's chunk
// loads no zod); tests/unit/client-rules.test.ts holds each rule to its schema.

/** `credentialsResponseSchema`. */
export const credentialsAnswer: r.Rule<CredentialsResponse> = r.object({
  username: r.string(),
  password: r.string(),
  sipUri: r.string(),
  expiresAt: r.isoDateTime,
  ttlSeconds: r.number({ int: true, min: 1 }),
});

/** `authorizeResponseSchema`. */
export const authorizeAnswer: r.Rule<AuthorizeResponse> = r.object({
  authorization: r.string(),
  number: r.string(),
  callerId: r.nullable(r.string()),
  expiresAt: r.isoDateTime,
});

export function fetchLineCredentials(): Promise<CredentialsResponse> {
  return apiClient.post("/api/telephony/credentials", undefined, {
    schema: credentialsAnswer,
    credential: "rep",
  });
}

export function authorizeCall(dialedDigits: string, placeId: string | null) {
  return apiClient.post(
    "/api/telephony/authorize",
    placeId ? { dialedDigits, placeId } : { dialedDigits },
    { schema: authorizeAnswer, credential: "rep" },
  );
}
