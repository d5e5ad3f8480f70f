// GET /api/auth/profile - the signed-in rep's email and whether it is verified
import { withUser } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { getProfile } from "@/lib/accounts/profile";
import { profileResponseSchema } from "@/lib/accounts/schemas";

export const GET = withUser({}, async ({ session }) =>
  respond(profileResponseSchema, await getProfile(session.userId)),
);
