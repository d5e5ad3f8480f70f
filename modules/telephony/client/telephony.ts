import "client-only";
import { apiClient } from "@/lib/client/api-client";
import {
  authorizeAnswer,
  authorizeTransferAnswer,
  credentialsAnswer,
} from "@/modules/telephony/client/telephony.gen";
import type { CredentialsResponse } from "@/modules/telephony/lib/schemas";

// The rep's side of a real phone line: fresh SIP credentials and the server's signed
// authorisation of each call. Their answers are checked by rules generated from the routes' zod
// schemas (npm run gen:rules): the SIP transport's chunk loads no zod.

export function fetchLineCredentials(): Promise<CredentialsResponse> {
  return apiClient.post("/api/telephony/credentials", undefined, {
    schema: credentialsAnswer,
    credential: "rep",
  });
}

export function authorizeCall(
  dialedDigits: string,
  placeId: string | null,
  powerDial?: { includeClosed: boolean },
) {
  return apiClient.post(
    "/api/telephony/authorize",
    placeId ? { dialedDigits, placeId, ...(powerDial ? { powerDial } : {}) } : { dialedDigits },
    { schema: authorizeAnswer, credential: "rep" },
  );
}

/**
 * The server's authorisation of a transfer to a teammate, or of a warm transfer's consultation
 * call to them (`purpose` "consult"), for the team's edge.
 */
export function authorizeTransfer(teammateId: string, purpose?: "transfer" | "consult") {
  return apiClient.post(
    "/api/telephony/authorize-transfer",
    purpose ? { teammateId, purpose } : { teammateId },
    { schema: authorizeTransferAnswer, credential: "rep" },
  );
}
