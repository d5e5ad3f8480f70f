// Turns the verify-complete answer into the page's outcome (spec sections 4 and 8).

export type VerifyOutcome =
  | { state: "success" }
  | { state: "error"; reason: "missingToken" | "failed" | "invalidLink" | "network" }
  | { state: "error"; reason: "server"; message: string };

/** The server's generic refusal; shown in the reader's language instead of English. */
const INVALID_LINK = "Invalid or expired verification link";

export async function completeVerification(
  token: string | null,
  post: (token: string) => Promise<Response>,
): Promise<VerifyOutcome> {
  if (!token?.trim()) return { state: "error", reason: "missingToken" };
  let res: Response;
  try {
    res = await post(token.trim());
  } catch {
    return { state: "error", reason: "network" };
  }
  const body = (await res.json().catch(() => null)) as {
    emailVerified?: unknown;
    error?: unknown;
  } | null;
  if (res.ok)
    return body?.emailVerified === true
      ? { state: "success" }
      : { state: "error", reason: "failed" };
  const error = typeof body?.error === "string" ? body.error.trim() : "";
  if (!error || error === INVALID_LINK) return { state: "error", reason: "invalidLink" };
  return { state: "error", reason: "server", message: error };
}
