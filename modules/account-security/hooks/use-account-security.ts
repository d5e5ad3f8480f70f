"use client";

import { useMutation, useQuery, type UseMutationOptions } from "@tanstack/react-query";
import type { z } from "zod";
import { apiClient, type Downloaded } from "@/lib/client/api-client";
import { recoveryCodesResponseSchema, twoFactorStatusSchema } from "@/lib/two-factor/schemas";
import { accountSecurityKeys } from "@/modules/account-security/client/keys";
import { changePasswordResponseSchema } from "@/modules/account-security/lib/schemas";

// Account security's calls to the server: the components hold only what they show and what they
// say on success or failure.

type Callbacks<Data, Variables> = Pick<
  UseMutationOptions<Data, Error, Variables>,
  "onSuccess" | "onError"
>;

/** The signed-in rep's second factor: on or off (the same query as the two-factor section). */
export function useRepTwoFactorStatus() {
  return useQuery({
    queryKey: accountSecurityKeys.twoFactorStatus,
    queryFn: ({ signal }) =>
      apiClient.get("/api/auth/2fa", { schema: twoFactorStatusSchema, credential: "rep", signal }),
  });
}

/** Ten new recovery codes for the password and a current code (a rep's or an operator's). */
export function useRenewRecoveryCodes(
  { base, credential }: { base: string; credential: "rep" | "operator" },
  callbacks: Callbacks<
    z.infer<typeof recoveryCodesResponseSchema>,
    { password: string; code: string }
  >,
) {
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
export function useExportAccountData(callbacks: Callbacks<Downloaded, void>) {
  return useMutation({
    mutationFn: () => apiClient.download("/api/account/export", { credential: "rep" }),
    ...callbacks,
  });
}
