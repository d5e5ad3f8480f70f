import { ApiClientError } from "@/lib/client/api-error";
import { webhookErrorCodes } from "./schemas";

export type WebhookRefusal = {
  field: "url" | "form";
  key: "urlHttpsRequired" | "urlCredentials" | "endpointsLimit" | "registerFailed";
};

/**
 * Which message (Integrations namespace) answers a refused new endpoint: the address's own
 * problem next to the address, the team's limit on the form, anything else "try again". A
 * plain http:// address used to read "could not be added. Try again.", which no retry fixes.
 */
export function webhookRefusal(error: unknown): WebhookRefusal {
  const code = error instanceof ApiClientError ? error.code : null;
  if (code === webhookErrorCodes.notHttps) return { field: "url", key: "urlHttpsRequired" };
  if (code === webhookErrorCodes.credentials) return { field: "url", key: "urlCredentials" };
  if (code === webhookErrorCodes.limit) return { field: "form", key: "endpointsLimit" };
  return { field: "form", key: "registerFailed" };
}
