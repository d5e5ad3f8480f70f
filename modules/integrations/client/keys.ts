/**
 * The TanStack Query keys of the integrations screens. Both start with "integrations", so one
 * invalidation of `integrationsKeys.all` refreshes either dialog.
 */
export const integrationsKeys = {
  all: ["integrations"] as const,
  apiKeys: ["integrations", "api-keys"] as const,
  webhooks: ["integrations", "webhooks"] as const,
};
