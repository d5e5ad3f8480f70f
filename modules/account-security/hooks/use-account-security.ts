"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { apiClient, type Downloaded } from "@/lib/client/api-client";
import {
  enableTwoFactorResponseSchema,
  okResponseSchema,
  recoveryCodesResponseSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from "@/lib/two-factor/schemas";
import { accountSecurityKeys } from "@/modules/account-security/client/keys";
import { changePasswordResponseSchema } from "@/modules/account-security/lib/schemas";
import type { MutationCallbacks } from "@/lib/client/mutation-callbacks";

// Account security's calls to the server: the components hold only what they show and what they
// say on success or failure.

/** Whose second factor: the signed-in rep's (/app) or the console's operator's. */
export type TwoFactorAudience = "rep" | "operator";
export const twoFactorRoutes = (audience: TwoFactorAudience) =>
  audience === "rep"
    ? {
        base: "/api/auth/2fa",
        credential: "rep" as const,
        key: accountSecurityKeys.twoFactorStatus,
      }
    : {
        base: "/api/admin/2fa",
        credential: "operator" as const,
        key: accountSecurityKeys.operatorTwoFactorStatus,
      };

/** A second factor's status: on or off, since when, how many recovery codes are left. */
export function useTwoFactorStatus(audience: TwoFactorAudience) {
  const { base, credential, key } = twoFactorRoutes(audience);
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      apiClient.get(base, { schema: twoFactorStatusSchema, credential, signal }),
  });
}

/** The signed-in rep's second factor: on or off (the same query as the two-factor section). */
export function useRepTwoFactorStatus() {
  return useTwoFactorStatus("rep");
}

/** Asks for the second factor's status again (after it was turned on or off). */
export function useRefreshTwoFactorStatus(audience: TwoFactorAudience) {
  const queryClient = useQueryClient();
  const { key } = twoFactorRoutes(audience);
  return () => queryClient.invalidateQueries({ queryKey: key });
}

/** A new secret to enrol (the QR code and the secret typed in). */
export function useBeginTwoFactorSetup(
  audience: TwoFactorAudience,
  callbacks: MutationCallbacks<z.infer<typeof twoFactorSetupSchema>, void>,
) {
  const { base, credential } = twoFactorRoutes(audience);
  return useMutation({
    mutationFn: () =>
      apiClient.post(`${base}/setup`, {}, { schema: twoFactorSetupSchema, credential }),
    ...callbacks,
  });
}

/** Turns the second factor on with a code from the app and the password. */
export function useEnableTwoFactor(
  audience: TwoFactorAudience,
  callbacks: MutationCallbacks<
    z.infer<typeof enableTwoFactorResponseSchema>,
    { code: string; password: string }
  >,
) {
  const { base, credential } = twoFactorRoutes(audience);
  return useMutation({
    mutationFn: ({ code, password }: { code: string; password: string }) =>
      apiClient.post(
        `${base}/enable`,
        { code, password },
        { schema: enableTwoFactorResponseSchema, credential },
      ),
    ...callbacks,
  });
}

/** Turns the second factor off with the password and a code. */
export function useDisableTwoFactor(
  audience: TwoFactorAudience,
  callbacks: MutationCallbacks<
    z.infer<typeof okResponseSchema>,
    { password: string; code: string }
  >,
) {
  const { base, credential } = twoFactorRoutes(audience);
  return useMutation({
    mutationFn: ({ password, code }: { password: string; code: string }) =>
      apiClient.post(
        `${base}/disable`,
        { password, code },
        { schema: okResponseSchema, credential },
      ),
    ...callbacks,
  });
}

/** Ten new recovery codes for the password and a current code (a rep's or an operator's). */
export function useRenewRecoveryCodes(
  audience: TwoFactorAudience,
  callbacks: MutationCallbacks<
    z.infer<typeof recoveryCodesResponseSchema>,
    { password: string; code: string }
  >,
) {
  const { base, credential } = twoFactorRoutes(audience);
  return useMutation({
    mutationFn: (proof: { password: string; code: string }) =>
      apiClient.post(`${base}/recovery-codes`, proof, {
        schema: recoveryCodesResponseSchema,
        credential,
      }),
    ...callbacks,
  });
}

/** The rep's own password change; the code only when their second factor is on. */
export function changePassword(body: {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
  code?: string;
}) {
  return apiClient.post("/api/auth/password", body, {
    schema: changePasswordResponseSchema,
    credential: "rep",
  });
}

/** Settings' Export Data: the rep's profile, calls and the records they wrote, as a file. */
export function useExportAccountData(callbacks: MutationCallbacks<Downloaded, void>) {
  return useMutation({
    mutationFn: () => apiClient.download("/api/account/export", { credential: "rep" }),
    ...callbacks,
  });
}
