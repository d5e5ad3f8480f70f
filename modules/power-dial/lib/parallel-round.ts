import { tapAudio } from "@/modules/dialer/lib/amd/audio-tap";
import { fetchVoicemailAudio, fetchVoicemails } from "@/modules/voicemail/client/voicemails";
import { webAudio } from "@/modules/voicemail/lib/browser/drop";
import { ApiClientError } from "@/lib/client/api-error";
import {
  fetchAbandonment,
  fetchAbandonmentMessageAudio,
} from "@/modules/power-dial/client/dialing-rules";
import { allowedLines } from "@/modules/power-dial/lib/pacing";

// What a parallel round needs in the browser beside the dialer (parallel-lines.ts): Web Audio
// to listen and to play, the rep's default voicemail and the team's abandonment message. Loaded
// with the session's runtime (use-power-dial-session.ts), never with the Targets page.

export { runParallelBatch } from "@/modules/power-dial/lib/parallel-lines";
export { tapAudio, webAudio };

/** The rep's default voicemail's audio, or null when the rep has none. */
export async function defaultVoicemail(): Promise<ArrayBuffer | null> {
  const chosen = (await fetchVoicemails()).find((message) => message.isDefault);
  return chosen ? (await fetchVoicemailAudio(chosen.id)).arrayBuffer() : null;
}

/** The team's abandonment message (its name and a number to call back), or null when none. */
export async function abandonmentMessage(): Promise<ArrayBuffer | null> {
  try {
    return await (await fetchAbandonmentMessageAudio()).arrayBuffer();
  } catch (error) {
    if (error instanceof ApiClientError && error.status === 404) return null;
    throw error;
  }
}

export type RoundRules = Awaited<ReturnType<typeof fetchAbandonment>> & { lines: number };

/**
 * The team's rules and rates now, and the lines a round may use of the `chosen` ones: fewer as
 * the worse rate nears the cap, one at it (pacing.ts), never more than the edge allows.
 */
export async function roundRules(chosen: number): Promise<RoundRules> {
  const rules = await fetchAbandonment();
  const lines = allowedLines({
    chosen,
    maxLines: rules.maxLines,
    ratePercent24h: rules.last24Hours.ratePercent,
    ratePercent30d: rules.last30Days.ratePercent,
    capPercent: rules.capPercent,
  });
  return { ...rules, lines };
}
