import "server-only";
import { usernameKey } from "@/lib/accounts/username";
import crypto from "node:crypto";
import { hashPassword } from "@/lib/auth/password";
import type { Db } from "@/lib/db/client";
import { sampleCalls } from "@/lib/sample/calls";
import type { Disposition } from "./dispositions";
import { talkSecondsOf } from "./dto";
import { toE164 } from "./phone";

/** The demo team's caller ID: the first originating number of the sample list. */
export const DEMO_CALLER_ID = "+16285550100";

/** Outcomes of some sample calls, so the demo's Call Log, filters and Sales History have data. */
const OUTCOMES: Record<string, { disposition: Disposition; saleAmount?: string; note?: string }> = {
  "CALL-1001": { disposition: "sale", saleAmount: "1250.00", note: "Annual plan, starts Monday" },
  "CALL-1002": { disposition: "not_interested" },
  "CALL-1003": { disposition: "interested", note: "Send the brochure" },
  "CALL-1004": { disposition: "voicemail" },
  "CALL-1005": { disposition: "sale", saleAmount: "4800.00" },
  "CALL-1006": { disposition: "no_answer" },
  "CALL-1009": { disposition: "sale", saleAmount: "620.00" },
  "CALL-1011": { disposition: "interested" },
};

/**
 * The kind and UTC offset of the business each sample call rang, in turn, so the demo's
 * best-time heatmap has calls to place.
 */
const BUSINESSES = [
  { businessUtcOffsetMinutes: -300, businessCategory: "dentist" },
  { businessUtcOffsetMinutes: -360, businessCategory: "plumber" },
  { businessUtcOffsetMinutes: -480, businessCategory: "bakery" },
  { businessUtcOffsetMinutes: 60, businessCategory: "car_repair" },
] as const;

/** "Olivia Bennett" -> "olivia.bennett": a valid username for a sample agent. */
export function agentUsername(name: string) {
  return name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ".");
}

/**
 * Turns the spec's sample Call History list (lib/sample/calls.ts) into Call rows of the demo
 * team, timed relative to now. Runs only where the demo accounts are created: on the first
 * start of a new embedded database, never with DATABASE_URL. The sample agents become disabled
 * accounts of the team (nobody can sign in as them) so that their calls have a rep.
 */
export async function seedDemoCalls(db: Db, organizationId: string, now = Date.now()) {
  const calls = sampleCalls(now);
  await db.organization.update({
    where: { id: organizationId },
    data: { callerId: DEMO_CALLER_ID },
  });
  const agents = new Map<string, string>();
  for (const name of new Set(calls.map((c) => c.agent))) {
    const user = await db.user.create({
      data: {
        username: agentUsername(name),
        usernameKey: usernameKey(agentUsername(name)),
        passwordHash: await hashPassword(crypto.randomBytes(24).toString("base64url")),
        disabled: true,
        organizationId,
      },
    });
    agents.set(name, user.id);
  }
  await db.call.createMany({
    data: calls.map((call, i) => {
      const startedAt = new Date(call.timestamp);
      const connectedAt = call.durationSeconds > 0 ? new Date(call.timestamp + 4000) : null;
      const endedAt = new Date(
        (connectedAt?.getTime() ?? call.timestamp + 25_000) + call.durationSeconds * 1000,
      );
      const outcome = OUTCOMES[call.id];
      return {
        id: call.id,
        organizationId,
        userId: agents.get(call.agent)!,
        dialedDigits: call.dialedNumber.replace(/[^\d+]/g, ""),
        dialedNumber: toE164(call.dialedNumber),
        originatingNumber: toE164(call.originatingNumber),
        startedAt,
        connectedAt,
        endedAt,
        talkSeconds: talkSecondsOf(connectedAt, endedAt),
        endReason: "local" as const,
        disposition: outcome?.disposition ?? null,
        saleAmount: outcome?.saleAmount ?? null,
        note: outcome?.note ?? null,
        ...BUSINESSES[i % BUSINESSES.length]!,
      };
    }),
  });
  return calls.length;
}
