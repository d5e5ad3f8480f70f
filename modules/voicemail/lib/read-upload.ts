import "server-only";
import { ApiError } from "@/lib/api/errors";
import { looksLike, VOICEMAIL_MAX_BYTES, voicemailMimeOf, type VoicemailMime } from "./constants";

const badMedia = () =>
  new ApiError(
    "unsupported_media_type",
    "A voicemail message must be WebM, Ogg, MP3 or WAV audio",
    { code: "voicemail_bad_media" },
  );

/**
 * An uploaded message's bytes and type: refused before anything is stored when the declared
 * type is not kept (415), the bytes do not start like it (415), it is empty (400) or over
 * VOICEMAIL_MAX_BYTES (413, counted as the bytes arrive: Content-Length can lie).
 */
export async function readVoicemailUpload(
  req: Request,
): Promise<{ mime: VoicemailMime; bytes: Uint8Array }> {
  const mime = voicemailMimeOf(req.headers.get("content-type"));
  if (!mime) throw badMedia();
  const tooLarge = () =>
    new ApiError(
      "payload_too_large",
      `A voicemail message may be at most ${VOICEMAIL_MAX_BYTES} bytes`,
      {
        code: "voicemail_too_large",
        details: { maxBytes: VOICEMAIL_MAX_BYTES },
      },
    );
  if (Number(req.headers.get("content-length") ?? "0") > VOICEMAIL_MAX_BYTES) throw tooLarge();
  const parts: Uint8Array[] = [];
  let size = 0;
  if (req.body) {
    const reader = req.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > VOICEMAIL_MAX_BYTES) {
        await reader.cancel();
        throw tooLarge();
      }
      parts.push(value);
    }
  }
  if (size === 0) {
    throw new ApiError("bad_request", "The file is empty", { code: "voicemail_empty" });
  }
  const bytes = new Uint8Array(Buffer.concat(parts));
  if (!looksLike(mime, bytes)) throw badMedia();
  return { mime, bytes };
}
