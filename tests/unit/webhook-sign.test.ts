// Standard Webhooks signing, checked against the independent `standardwebhooks`
// implementation: what it signs we sign identically, and what we sign it verifies.
import { describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import {
  newWebhookSecret,
  signatureOf,
  webhookHeaders,
} from "@/modules/integrations/lib/webhooks/sign";

describe("webhook signatures", () => {
  it("match the standardwebhooks library's for the same id, time and body", () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const at = new Date("2026-11-27T10:00:00Z");
    const body = JSON.stringify({ type: "call.completed", data: { call: { id: "x" } } });
    const theirs = new Webhook(secret).sign("msg_1", at, body);
    expect(signatureOf(secret, "msg_1", Math.floor(at.getTime() / 1000), body)).toBe(theirs);
  });

  it("verify with the library, and fail for another body, id or secret", () => {
    const secret = newWebhookSecret();
    const body = '{"type":"do_not_call.added","data":{}}';
    const headers = webhookHeaders(secret, "msg_2", body, new Date());
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(secret).verify(body.replace("added", "addeD"), headers)).toThrow();
    expect(() => new Webhook(secret).verify(body, { ...headers, "webhook-id": "msg_3" })).toThrow();
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
  });
});
