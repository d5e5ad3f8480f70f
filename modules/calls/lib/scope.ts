import "server-only";
import type { UserSession } from "@/lib/auth/sessions";
import type { Prisma } from "@/lib/generated/prisma/client";

/**
 * The one place that says which calls a rep may read: their organization's (the team's), or
 * their own. Every calls query starts from one of these, so none can forget the organization.
 */
export function teamCalls(session: UserSession): Prisma.CallWhereInput {
  return { organizationId: session.organizationId };
}

export function myCalls(session: UserSession): Prisma.CallWhereInput {
  return { organizationId: session.organizationId, userId: session.userId };
}
