/**
 * Standard Webhooks signing (https://www.standardwebhooks.com): the secret is `whsec_` and
 * base64 of random bytes; each delivery carries `webhook-id`, `webhook-timestamp` (Unix seconds)
 * and `webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body" under the decoded secret>`.
 * Node's crypto only: any Standard Webhooks library verifies it (tests use `standardwebhooks`).
 */
import crypto from "node:crypto";

export const WEBHOOK_SECRET_PREFIX = "whsec_";

export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${crypto.randomBytes(24).toString("base64")}`;
}

export function signatureOf(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), "base64");
  const mac = crypto
    .createHmac("sha256", key)
    .update(`${id}.${timestamp}.${body}`)
    .digest("base64");
  return `v1,${mac}`;
}

/** The three headers of one delivery attempt. */
export function webhookHeaders(secret: string, id: string, body: string, now: Date) {
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    "webhook-id": id,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": signatureOf(secret, id, timestamp, body),
  };
}
