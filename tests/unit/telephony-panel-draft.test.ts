// The Telephony panel's form: what it shows of a stored line (never a secret), the body it saves,
// and its inline errors by field, by the same rules the server applies.
import { describe, expect, it } from "vitest";
import { bodyOf, checkDraft, draftOf, emptyIceServer } from "@/modules/telephony/lib/panel-draft";
import { lineSettingsBodySchema, type OperatorLine } from "@/modules/telephony/lib/schemas";

const stored: OperatorLine = {
  wsUrl: "wss://edge.example.com/ws",
  sipDomain: "example.com",
  iceServers: [{ urls: "turn:turn.example.com", username: "team", credential: "pw" }],
  dtmfMode: "info",
  credentialMode: "ephemeral",
  secretState: "set",
  secretSetAt: "2026-11-26T10:00:00.000Z",
  updatedAt: "2026-11-26T10:00:00.000Z",
  updatedBy: "op",
};

describe("telephony panel draft", () => {
  it("starts from the stored line with an empty secret, and saves what the server accepts", () => {
    const draft = draftOf(stored);
    expect(draft).toMatchObject({ wsUrl: stored.wsUrl, dtmfMode: "info", secret: "" });
    expect(checkDraft(draft, true)).toEqual({});
    const body = bodyOf(draft);
    expect(body).not.toHaveProperty("secret");
    expect(lineSettingsBodySchema.parse(body).iceServers).toEqual(stored.iceServers);
  });

  it("asks for a secret on a new line and marks each bad field by its path", () => {
    const draft = {
      ...draftOf(null),
      wsUrl: "ws://pbx.example.com",
      sipDomain: "bad domain",
      iceServers: [{ ...emptyIceServer(), urls: "stun:stun.example.com", credential: "x" }],
    };
    expect(checkDraft(draft, false)).toEqual({
      wsUrl: "wsUrlScheme",
      sipDomain: "sipDomainInvalid",
      "iceServers.0.credential": "iceStunCredentials",
      secret: "secretRequired",
    });
    const server = lineSettingsBodySchema.safeParse(bodyOf(draft));
    expect(server.success).toBe(false);
    expect(server.error!.issues.map((i) => i.path.join(".")).sort()).toEqual([
      "iceServers.0.credential",
      "sipDomain",
      "wsUrl",
    ]);
    expect(checkDraft({ ...draftOf(stored), secret: "too short" }, true)).toEqual({
      secret: "secretLength",
    });
  });
});
