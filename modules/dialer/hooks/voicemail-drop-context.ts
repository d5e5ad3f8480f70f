import "client-only";
import { createContext } from "react";
import type { VoicemailDrop } from "@/modules/voicemail/lib/browser/drop";

/**
 * The call's voicemail drop, provided by the dialer provider and read by useVoicemailDrop: a
 * file of its own so that the provider and the hook do not import each other.
 */
export const VoicemailDropContext = createContext<VoicemailDrop | null>(null);
