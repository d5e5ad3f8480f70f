// Voicemail drop's fixed lists, without zod: the dialer (on every /app page) reads them.

/** What a rep may upload or record as a voicemail message (checked against the first bytes). */
export const VOICEMAIL_MIME_TYPES = ["audio/webm", "audio/ogg", "audio/mpeg", "audio/wav"] as const;
export type VoicemailMime = (typeof VOICEMAIL_MIME_TYPES)[number];

/** 8 MiB: a minute and a half of CD-quality WAV, far more of Opus or MP3. */
export const VOICEMAIL_MAX_BYTES = 8 * 1024 * 1024;
/** Messages a rep keeps; more is a list nobody picks from. */
export const VOICEMAIL_MAX_MESSAGES = 20;
export const VOICEMAIL_NAME_MAX = 80;

/** `audio/x-wav;codecs=1` → `audio/wav`; null when it is not one that is kept. */
export function voicemailMimeOf(contentType: string | null): VoicemailMime | null {
  const base = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  const aliased =
    base === "audio/x-wav" || base === "audio/wave" || base === "audio/vnd.wave"
      ? "audio/wav"
      : base === "audio/mp3"
        ? "audio/mpeg"
        : base;
  return (VOICEMAIL_MIME_TYPES as readonly string[]).includes(aliased)
    ? (aliased as VoicemailMime)
    : null;
}

/** Whether `bytes` start the way a file of `mime` does (a renamed PDF is not a WAV). */
export function looksLike(mime: VoicemailMime, bytes: Uint8Array): boolean {
  const at = (offset: number, ...expected: number[]) =>
    expected.every((b, i) => bytes[offset + i] === b);
  switch (mime) {
    case "audio/webm":
      return at(0, 0x1a, 0x45, 0xdf, 0xa3);
    case "audio/ogg":
      return at(0, 0x4f, 0x67, 0x67, 0x53);
    case "audio/wav":
      return at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x41, 0x56, 0x45);
    case "audio/mpeg":
      // An ID3 tag, or an MPEG audio frame's sync word.
      return at(0, 0x49, 0x44, 0x33) || (bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0);
  }
}
