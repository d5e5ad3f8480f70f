// Call recording's fixed lists, without zod: the /app shell (the dialer's recorder, the Call
// Log's play control) reads them on every page and must not load zod (lib/client/rules.ts).

/** What MediaRecorder may produce that the server keeps: WebM or Ogg audio (Opus). */
export const RECORDING_MIME_TYPES = ["audio/webm", "audio/ogg"] as const;
export const RECORDING_MODES = ["off", "on_request", "every_call"] as const;
export const RECORDING_STATUSES = ["recording", "complete", "deleted"] as const;
