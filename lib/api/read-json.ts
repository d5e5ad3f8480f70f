import "server-only";
import { env } from "@/lib/env";
import { ApiError } from "./errors";

/** Reads a JSON body, refusing oversized (413), non-JSON (415) and malformed (400) bodies. */
export async function readJsonBody(req: Request): Promise<unknown> {
  const limit = env.MAX_BODY_BYTES;
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > limit) throw new ApiError("payload_too_large", "Request body is too large");
  const type = req.headers.get("content-type") ?? "";
  if (!req.body) throw new ApiError("bad_request", "A JSON request body is required");
  if (!/^application\/([\w.+-]+\+)?json\b/i.test(type)) {
    throw new ApiError("unsupported_media_type", "Content-Type must be application/json");
  }
  // Count bytes as they arrive: Content-Length can be absent or wrong with chunked uploads.
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new ApiError("payload_too_large", "Request body is too large");
    }
    chunks.push(value);
  }
  const text = new TextDecoder().decode(Buffer.concat(chunks));
  if (!text.trim()) throw new ApiError("bad_request", "A JSON request body is required");
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError("invalid_json", "Malformed JSON body");
  }
}
