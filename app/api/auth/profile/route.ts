// GET /api/auth/profile - the signed-in rep's email and whether it is verified
import { withUser } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { profileResponseSchema } from "@/lib/accounts/schemas";

// One query per request: authentication reads the session joined to the rep's email.
export const GET = withUser({ permission: "account.own" }, async ({ session }) =>
  respond(profileResponseSchema, {
    email: session.email ?? "",
    emailVerified: session.emailVerified,
  }),
);
