import "server-only";
import { can, memberRoles, type Permission } from "@/lib/auth/permissions";
import { Prisma } from "@/lib/generated/prisma/client";
import { WEBHOOK_EVENTS, type WebhookEvent } from "./schemas";

// An endpoint receives an event only while the manager who registered it could read that event in
// the app now (docs/security.md, "What a person created"): an active member of the team whose
// current role holds the event's permission. Deliveries it may not receive wait, unsent.

const eventPermission: Record<WebhookEvent, Permission> = {
  "call.completed": "calls.work",
  "call.outcome_set": "calls.work",
  "do_not_call.added": "doNotCall.read",
  "callback.due": "targets.work",
};

const pairs = memberRoles.flatMap((role) =>
  WEBHOOK_EVENTS.filter((event) => can(role, eventPermission[event])).map(
    (event) => Prisma.sql`(${event}, ${role})`,
  ),
);

/**
 * A condition on an endpoint `e` (and, with `event`, on that event): its creator is active in the
 * endpoint's organization and their role may read the event.
 */
export function creatorMayReceive(event: Prisma.Sql) {
  return Prisma.sql`EXISTS (
    SELECT 1 FROM "User" c
    JOIN (VALUES ${Prisma.join(pairs)}) AS p("event", "role") ON p."role" = c."role"::text
    WHERE c."id" = e."createdById" AND c."disabled" = false
      AND c."organizationId" = e."organizationId" AND p."event" = ${event})`;
}
