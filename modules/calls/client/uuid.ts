/**
 * A random (version 4) UUID for a new call record. The browser names the call itself so that a
 * retried PUT finds the same row. crypto.randomUUID exists only in secure contexts (https,
 * localhost); a rep on plain http inside an office network still gets one from getRandomValues.
 */
export function newCallId(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === "function") return c.randomUUID();
  const bytes = new Uint8Array(16);
  c.getRandomValues(bytes);
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
