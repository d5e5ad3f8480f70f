import "client-only";
import { apiClient } from "@/lib/client/api-client";
import { loginAnswer } from "@/modules/sign-in/client/login";

/**
 * Accepts an invitation with the new account's username and password. The answer is a sign-in's
 * (`loginResponseSchema`), checked by the sign-in's own zod-free rule: the invitee's page is a
 * public one.
 */
export function acceptInvitation(body: { token: string; username: string; password: string }) {
  return apiClient.post("/api/auth/invitations/accept", body, {
    schema: loginAnswer,
    credential: "none",
  });
}
