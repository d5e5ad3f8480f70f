import "server-only";
import { env } from "@/lib/env";
import { escapeForLog } from "@/lib/log-escape";
import { ApiError } from "./errors";

/**
 * Characters PostgreSQL cannot store: U+0000 in text (error 22021, a 500 at whichever query
 * first meets it) and, in jsonb, an unpaired UTF-16 surrogate (which a text column silently
 * turns into U+FFFD). In unicode mode a well-formed pair is one code point above U+FFFF, so
 * only a lone surrogate matches the range.
 */
const UNSTORABLE = /[\u0000\ud800-\udfff]/u;

type Path = (string | number)[];
/** Where a value sits, linked to its parent: a path is only built for the one refused. */
type At = { parent: At; key: string | number } | null;

function pathOf(at: At): Path {
  const path: Path = [];
  for (let node = at; node; node = node.parent) path.push(node.key);
  return path.reverse();
}

function unstorable(path: Path, char: string): ApiError {
  const field = path.map((p) => escapeForLog(String(p))).join(".");
  const message =
    char === "\u0000"
      ? "Text may not contain the NUL character"
      : "Text may not contain an unpaired surrogate (invalid Unicode)";
  return new ApiError("validation", field ? `${field}: ${message}` : message, {
    code: "invalid_text",
    details: field ? { fields: { [field]: message } } : undefined,
  });
}

/**
 * Refuses (400, code `invalid_text`) any string in `value` that the database could not store:
 * string values and object keys at any depth, with the path of the first one found, in the
 * shape of a zod issue's path (`placeIds.1`). The route wrapper runs it on every body, query and
 * params before the route's schema sees them, so no route can pass such text on to a query.
 * Walked with a stack of its own: JSON.parse accepts nesting deeper than the call stack.
 * Returns `value` as it is, to be handed on to the schema.
 */
export function refuseUnstorableText<T>(value: T): T {
  const stack: [unknown, At][] = [[value, null]];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [item, at] = next;
    if (typeof item === "string") {
      const found = UNSTORABLE.exec(item);
      if (found) throw unstorable(pathOf(at), found[0]);
    } else if (Array.isArray(item)) {
      for (let i = item.length - 1; i >= 0; i--) stack.push([item[i], { parent: at, key: i }]);
    } else if (item && typeof item === "object") {
      const entries = Object.entries(item);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i]!;
        const found = UNSTORABLE.exec(key);
        if (found) throw unstorable(pathOf({ parent: at, key }), found[0]);
        stack.push([child, { parent: at, key }]);
      }
    }
  }
  return value;
}

/**
 * How deep a request body may nest arrays and objects. No route's body comes near it; far past
 * it, the recursive parts of the schemas and the database's JSON handling run out of call stack
 * (a 500 instead of a refusal).
 */
export const JSON_DEPTH_MAX = 64;

/**
 * Whether JSON `text` opens more than `max` arrays or objects inside each other. Counted on the
 * text before it is parsed, brackets inside strings left out, so a refused body is never built.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return false;
}

/**
 * Reads a JSON body, refusing oversized (413), non-JSON (415), malformed and too deeply nested
 * (400) bodies, and text the database cannot store (400, `refuseUnstorableText`).
 */
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
  if (nestsDeeperThan(text, JSON_DEPTH_MAX)) {
    throw new ApiError("bad_request", `The JSON body nests deeper than ${JSON_DEPTH_MAX} levels`, {
      code: "json_too_deep",
    });
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ApiError("invalid_json", "Malformed JSON body");
  }
  return refuseUnstorableText(body);
}
