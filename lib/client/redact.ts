/**
 * Secrets must never reach the console: the fetch logger passes every body and header it
 * prints through these. Pure so it can be unit-tested without a browser.
 */
const JSON_SECRET =
  /("(?:token|password|currentPassword|newPassword|confirmPassword|secret|apiKey|otpauthUri|challenge)"\s*:\s*)"(?:[^"\\]|\\.)*"/gi;
/** Two-factor recovery codes come as an array of strings (shown once; never logged). */
const JSON_SECRET_LIST = /("recoveryCodes"\s*:\s*)\[[^\]]*\]/gi;
const BEARER = /\b(Bearer)\s+[A-Za-z0-9._~+/=-]+/g;
const QUERY_SECRET = /([?&](?:token|password|key)=)[^&#\s]*/gi;

export function redactText(text: string): string {
  return text
    .replace(JSON_SECRET, '$1"[redacted]"')
    .replace(JSON_SECRET_LIST, '$1"[redacted]"')
    .replace(BEARER, "$1 [redacted]")
    .replace(QUERY_SECRET, "$1[redacted]");
}

export function redactUrl(url: string): string {
  return url.replace(QUERY_SECRET, "$1[redacted]");
}

/** First `max` characters of a redacted body (redact first, so a cut can't leak half a token). */
export function bodyPreview(text: string, max = 180): string {
  return redactText(text).slice(0, max);
}
