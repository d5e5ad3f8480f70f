import "server-only";
import { ApiError } from "@/lib/api/errors";
import { env } from "@/lib/env";

/**
 * A chunk's raw bytes, refused when over RECORDING_MAX_CHUNK_BYTES (413, counted as they
 * arrive: Content-Length can be absent or wrong) or not sent as audio or octets (415).
 */
export async function readChunkBody(req: Request): Promise<Uint8Array> {
  const limit = env.RECORDING_MAX_CHUNK_BYTES;
  const tooLarge = () =>
    new ApiError("payload_too_large", `A chunk may be at most ${limit} bytes`, {
      code: "chunk_too_large",
    });
  const type = (req.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/octet-stream" && !/^audio\/(webm|ogg)$/.test(type)) {
    throw new ApiError(
      "unsupported_media_type",
      "Content-Type must be application/octet-stream, audio/webm or audio/ogg",
      { code: "recording_bad_media" },
    );
  }
  if (Number(req.headers.get("content-length") ?? "0") > limit) throw tooLarge();
  if (!req.body) return new Uint8Array();
  const reader = req.body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge();
    }
    parts.push(value);
  }
  return new Uint8Array(Buffer.concat(parts));
}
