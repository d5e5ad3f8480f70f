// POST /api/auth/invitations/accept - the invitee's link token, username and password: the account
// is created in the inviting organization and signed in ({ token, user } and the cookie, as login)
import { withPublic } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { sessionCookie, setSessionCookie } from "@/lib/auth/cookies";
import { loginResponseSchema } from "@/lib/auth/schemas";
import { invitationAcceptBodySchema } from "@/modules/team/lib/invitation-schemas";
import { acceptInvitation } from "@/modules/team/lib/invitations";

export const POST = withPublic(
  {
    body: invitationAcceptBodySchema,
    rateLimit: { name: "invitation-accept", max: 20, windowSeconds: 60 },
  },
  async ({ body, ip }) => {
    const { token, expiresAt, username } = await acceptInvitation(body, ip);
    const res = respond(loginResponseSchema, { token, user: { username } }, { status: 201 });
    setSessionCookie(res, sessionCookie, token, expiresAt);
    return res;
  },
);
