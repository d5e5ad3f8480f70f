import "server-only";
import { ApiError } from "@/lib/api/errors";
import type { UserSession } from "@/lib/auth/sessions";
import { getDb } from "@/lib/db/client";
import { callDtos, callSelect } from "@/modules/calls/lib/dto";
import type { CallDto } from "@/modules/calls/lib/schemas";
import { teamCalls } from "@/modules/calls/lib/scope";

/** One of the organization's calls; another team's id is 404 (its existence is not told). */
export async function getTeamCall(session: UserSession, id: string): Promise<CallDto> {
  const db = await getDb();
  const row = await db.call.findFirst({ where: { id, ...teamCalls(session) }, select: callSelect });
  if (!row) throw new ApiError("not_found", "Call not found");
  return (await callDtos(session.organizationId, [row]))[0]!;
}
