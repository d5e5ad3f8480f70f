import { z } from "zod";

/** GET /api/auth/profile: the rep's stored address and whether it is verified. */
export const profileResponseSchema = z.object({
  email: z.string(),
  emailVerified: z.boolean(),
});
export type ProfileResponse = z.infer<typeof profileResponseSchema>;
