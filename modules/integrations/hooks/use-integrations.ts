"use client";

import {
  useMutation,
  useQuery,
  useQueryClient,
  type UseMutationOptions,
} from "@tanstack/react-query";
import { apiClient } from "@/lib/client/api-client";
import { integrationsKeys } from "@/modules/integrations/client/keys";
import {
  apiKeyCreatedResponseSchema,
  apiKeyRevokedResponseSchema,
  apiKeysResponseSchema,
  type ApiKeyScope,
} from "@/modules/integrations/lib/api-key-schemas";
import type { z } from "zod";

// The integrations screens' calls to the server, as TanStack Query hooks: the components hold
// only what they show and what they say on success or failure.

type Callbacks<Data, Variables> = Pick<
  UseMutationOptions<Data, Error, Variables>,
  "onSuccess" | "onError"
>;

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
  callbacks: Callbacks<z.infer<typeof apiKeyCreatedResponseSchema>, NewApiKey>,
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
  callbacks: Callbacks<z.infer<typeof apiKeyRevokedResponseSchema>, string>,
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
