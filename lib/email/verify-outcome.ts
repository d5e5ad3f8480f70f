// Turns the verify-complete answer into the page's outcome (spec sections 4 and 8). Branches on
// the server's stable error code, never on its English text.
import { ApiClientError } from "@/lib/client/api-error";

export type VerifyOutcome =
  | { state: "success" }
  | { state: "error"; reason: "missingToken" | "failed" | "invalidLink" | "network" }
  | { state: "error"; reason: "server"; message: string };

/** `post` is the API call: it resolves with the parsed answer or throws an ApiClientError. */
export async function completeVerification(
  token: string | null,
  post: (token: string) => Promise<{ emailVerified: true }>,
): Promise<VerifyOutcome> {
  if (!token?.trim()) return { state: "error", reason: "missingToken" };
  try {
    await post(token.trim());
    return { state: "success" };
  } catch (error) {
    if (!(error instanceof ApiClientError)) return { state: "error", reason: "network" };
    if (error.code === "network") return { state: "error", reason: "network" };
    // A 2xx answer that is not `{ emailVerified: true }`.
    if (error.code === "invalid_response") return { state: "error", reason: "failed" };
    if (error.code === "email_link_invalid") return { state: "error", reason: "invalidLink" };
    // Any other refusal (a validation or rate-limit answer) is shown as the server words it.
    const body = error.body as { error?: unknown } | null;
    const message = typeof body?.error === "string" ? body.error.trim() : "";
    return message
      ? { state: "error", reason: "server", message }
      : { state: "error", reason: "invalidLink" };
  }
}
