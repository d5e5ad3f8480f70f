/**
 * The TanStack Query keys of account security. A rep's second-factor status is one query for the
 * two-factor section and every step-up dialog (whether to ask for a code); the operator's lives
 * under the console's "ops" keys, so signing out of the console drops it with the rest.
 */
export const accountSecurityKeys = {
  twoFactorStatus: ["two-factor-status"] as const,
  operatorTwoFactorStatus: ["ops", "two-factor-status"] as const,
};
