"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "@/lib/client/api-client";
import { integrationsKeys } from "@/modules/integrations/client/keys";
import {
  apiKeyCreatedResponseSchema,
  apiKeyRevokedResponseSchema,
  apiKeysResponseSchema,
  type ApiKeyScope,
} from "@/modules/integrations/lib/api-key-schemas";
import {
  webhookCreatedResponseSchema,
  webhookDeletedResponseSchema,
  webhookDeliveriesResponseSchema,
  webhookDeliveryResponseSchema,
  webhookEndpointResponseSchema,
  webhookEndpointsResponseSchema,
  type WebhookEvent,
} from "@/modules/integrations/lib/webhooks/schemas";
import type { z } from "zod";
import type { MutationCallbacks } from "@/lib/client/mutation-callbacks";

// The integrations screens' calls to the server, as TanStack Query hooks: the components hold
// only what they show and what they say on success or failure.

/** The team's API keys (Settings' API keys dialog). */
export function useApiKeys() {
  return useQuery({
    queryKey: integrationsKeys.apiKeys,
    queryFn: ({ signal }) =>
      apiClient.get("/api/integrations/api-keys", {
        schema: apiKeysResponseSchema,
        credential: "rep",
        signal,
      }),
  });
}

/** Asks for the list of keys again (after a key was created or revoked). */
export function useRefreshApiKeys() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: integrationsKeys.apiKeys });
}

/** What a new key is made of: its name and scopes, and the manager's step-up proof. */
export type NewApiKey = { name: string; scopes: ApiKeyScope[]; password: string; code?: string };

export function useCreateApiKey(
  callbacks: MutationCallbacks<z.infer<typeof apiKeyCreatedResponseSchema>, NewApiKey>,
) {
  return useMutation({
    mutationFn: (key: NewApiKey) =>
      apiClient.post("/api/integrations/api-keys", key, {
        schema: apiKeyCreatedResponseSchema,
        credential: "rep",
      }),
    ...callbacks,
  });
}

export function useRevokeApiKey(
  callbacks: MutationCallbacks<z.infer<typeof apiKeyRevokedResponseSchema>, string>,
) {
  return useMutation({
    mutationFn: (id: string) =>
      apiClient.delete(`/api/integrations/api-keys/${id}`, {
        schema: apiKeyRevokedResponseSchema,
        credential: "rep",
      }),
    ...callbacks,
  });
}

/** The team's webhook endpoints (Settings' Webhook Settings). */
export function useWebhooks() {
  return useQuery({
    queryKey: integrationsKeys.webhooks,
    queryFn: ({ signal }) =>
      apiClient.get("/api/integrations/webhooks", {
        schema: webhookEndpointsResponseSchema,
        credential: "rep",
        signal,
      }),
  });
}

/** Asks for the endpoints again (after one was registered, resumed or deleted). */
export function useRefreshWebhooks() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: integrationsKeys.webhooks });
}

/** What a new endpoint is made of: its https URL and the events it receives. */
export type NewWebhook = { url: string; events: WebhookEvent[] };

export function useCreateWebhook(
  callbacks: MutationCallbacks<z.infer<typeof webhookCreatedResponseSchema>, NewWebhook>,
) {
  return useMutation({
    mutationFn: (endpoint: NewWebhook) =>
      apiClient.post("/api/integrations/webhooks", endpoint, {
        schema: webhookCreatedResponseSchema,
        credential: "rep",
      }),
    ...callbacks,
  });
}

/** A paused endpoint active again. */
export function useResumeWebhook(
  endpointId: string,
  callbacks: MutationCallbacks<z.infer<typeof webhookEndpointResponseSchema>, void>,
) {
  return useMutation({
    mutationFn: () =>
      apiClient.patch(
        `/api/integrations/webhooks/${endpointId}`,
        { status: "active" },
        { schema: webhookEndpointResponseSchema, credential: "rep" },
      ),
    ...callbacks,
  });
}

export function useDeleteWebhook(
  endpointId: string,
  callbacks: MutationCallbacks<z.infer<typeof webhookDeletedResponseSchema>, void>,
) {
  return useMutation({
    mutationFn: () =>
      apiClient.delete(`/api/integrations/webhooks/${endpointId}`, {
        schema: webhookDeletedResponseSchema,
        credential: "rep",
      }),
    ...callbacks,
  });
}

/**
 * One endpoint's delivery log. A live log: read afresh when opened, and every few seconds while
 * something is pending.
 */
export function useWebhookDeliveries(endpointId: string) {
  return useQuery({
    queryKey: integrationsKeys.webhookDeliveries(endpointId),
    queryFn: ({ signal }) =>
      apiClient.get(`/api/integrations/webhooks/${endpointId}/deliveries`, {
        schema: webhookDeliveriesResponseSchema,
        credential: "rep",
        signal,
      }),
    staleTime: 0,
    refetchInterval: (q) =>
      q.state.data?.deliveries.some((d) => d.status === "pending") ? 5_000 : false,
  });
}

export function useRefreshWebhookDeliveries(endpointId: string) {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({ queryKey: integrationsKeys.webhookDeliveries(endpointId) });
}

/** Sends a delivery again. */
export function useReplayWebhookDelivery(
  endpointId: string,
  callbacks: MutationCallbacks<z.infer<typeof webhookDeliveryResponseSchema>, string>,
) {
  return useMutation({
    mutationFn: (deliveryId: string) =>
      apiClient.post(
        `/api/integrations/webhooks/${endpointId}/deliveries/${deliveryId}/replay`,
        undefined,
        { schema: webhookDeliveryResponseSchema, credential: "rep" },
      ),
    ...callbacks,
  });
}
