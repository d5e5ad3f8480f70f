/**
 * The TanStack Query keys of the integrations screens. Both start with "integrations", so one
 * invalidation of `integrationsKeys.all` refreshes either dialog.
 */
export const integrationsKeys = {
  all: ["integrations"] as const,
  apiKeys: ["integrations", "api-keys"] as const,
  webhooks: ["integrations", "webhooks"] as const,
  /** One endpoint's delivery log (under the endpoints' key: refreshing the list refreshes it). */
  webhookDeliveries: (endpointId: string) =>
    ["integrations", "webhooks", endpointId, "deliveries"] as const,
};
