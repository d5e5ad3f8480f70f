import { fixParsedWebmDuration } from "@fix-webm-duration/fix";
import { WebmFile } from "@fix-webm-duration/parser";

// WebM from MediaRecorder carries no Duration in its Info section (players show no length, and
// seeking a download fails in many). This writes `durationMs` into it with fix-webm-duration's
// EBML parser, used directly on the bytes (its Blob helper needs FileReader, which a server
// lacks). Bytes that are not such a WebM, or already say their duration, come back unchanged.

export function withWebmDuration(bytes: Uint8Array, durationMs: number): Uint8Array {
  if (!(durationMs > 0)) return bytes;
  try {
    const file = new WebmFile(bytes);
    if (!fixParsedWebmDuration(file, durationMs, { logger: false })) return bytes;
    return file.source ? new Uint8Array(file.source) : bytes;
  } catch {
    return bytes;
  }
}
