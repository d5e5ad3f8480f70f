import "client-only";
import { apiClient } from "@/lib/client/api-client";
import {
  abandonmentAnswer,
  abandonmentMessageAnswer,
  dialingRulesAnswer,
} from "@/modules/power-dial/client/power-dial.gen";
import type { DialingRulesBody } from "@/modules/power-dial/lib/schemas";

// Parallel dialing's rules as the browser calls them: the rep's dialer reads the rates and the
// abandonment message's audio; the managers' screen reads and sets the rules and the message.
// Answers are checked with the generated rules (modules/power-dial/client/power-dial.gen.ts).

const rep = "rep" as const;

/** GET /api/dialing/abandonment: the rules, the edge's lines and both rates, for the dialer. */
export function fetchAbandonment(signal?: AbortSignal) {
  return apiClient.get("/api/dialing/abandonment", {
    schema: abandonmentAnswer,
    credential: rep,
    signal,
  });
}

export function fetchDialingRules(signal?: AbortSignal) {
  return apiClient.get("/api/team/dialing-rules", {
    schema: dialingRulesAnswer,
    credential: rep,
    signal,
  });
}

/** A manager sets the four rules; answers the rules, rates and message as they now stand. */
export function saveDialingRules(body: DialingRulesBody) {
  return apiClient.put("/api/team/dialing-rules", body, {
    schema: dialingRulesAnswer,
    credential: rep,
  });
}

/** A manager uploads or replaces the abandonment message (a voicemail type's audio). */
export async function uploadAbandonmentMessage(file: Blob, mime: string) {
  return (
    await apiClient.put("/api/team/abandonment-message", file, {
      schema: abandonmentMessageAnswer,
      credential: rep,
      headers: { "Content-Type": mime },
    })
  ).message;
}

export async function deleteAbandonmentMessage() {
  await apiClient.delete("/api/team/abandonment-message", {
    schema: abandonmentMessageAnswer,
    credential: rep,
  });
}

/** The message's audio (any member: the dialer plays it to a person it could not connect). */
export async function fetchAbandonmentMessageAudio(signal?: AbortSignal): Promise<Blob> {
  return (
    await apiClient.download("/api/team/abandonment-message/audio", { credential: rep, signal })
  ).blob;
}
