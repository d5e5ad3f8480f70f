// Types for digest.mjs.
export function parseDigest(value: string | undefined): Record<string, string> | null;
export function digestResponse(input: {
  username: string;
  password: string;
  realm: string;
  method: string;
  uri: string;
  nonce: string;
  nc?: string;
  cnonce?: string;
  qop?: string;
}): string;
export function authorize(
  challenge: string,
  input: { username: string; password: string; method: string; uri: string; nc?: number },
): string;
