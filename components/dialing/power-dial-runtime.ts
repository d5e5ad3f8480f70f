// What a running power-dial session needs in the browser (the engine, its tick and its keys),
// loaded when the rep opens the preview (use-power-dial-session.ts), not with the Targets page.
export { createSessionEngine, tickMs } from "./session-engine";
export { sessionKeyEvent } from "@/lib/dialing/countdown";
export { isTextEntry } from "@/lib/ui/text-entry";
