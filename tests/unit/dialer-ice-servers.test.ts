import { describe, expect, it } from "vitest";
import { iceServersFor } from "@/modules/dialer/lib/ice-servers";
import { checkIceServer } from "@/modules/telephony/lib/line-rules";
import { lineSettingsBodySchema } from "@/modules/telephony/lib/schemas";

const minted = { username: "1799999999:rep1", password: "bWludGVk" };

describe("TURN with the rep's minted credentials", () => {
  it("fills a TURN server left without credentials, and leaves the others as they are", () => {
    expect(
      iceServersFor(
        [
          { urls: "turn:edge.example:3478?transport=udp" },
          { urls: "turns:edge.example:5349", username: "static", credential: "s3cret" },
          { urls: "stun:edge.example:3478" },
        ],
        minted,
      ),
    ).toEqual([
      {
        urls: "turn:edge.example:3478?transport=udp",
        username: minted.username,
        credential: minted.password,
      },
      { urls: "turns:edge.example:5349", username: "static", credential: "s3cret" },
      { urls: "stun:edge.example:3478" },
    ]);
  });

  it("lets the operator leave TURN credentials out, both or neither", () => {
    const turn = { urls: "turn:edge.example:3478" };
    expect(checkIceServer(turn)).toMatchObject({ error: "iceTurnCredentials" });
    expect(checkIceServer(turn, { mintedTurn: true })).toBeNull();
    expect(checkIceServer({ ...turn, username: "only-one" }, { mintedTurn: true })).toMatchObject({
      error: "iceTurnCredentials",
    });
    const line = { wsUrl: "wss://edge.example", sipDomain: "edge.example", iceServers: [turn] };
    expect(lineSettingsBodySchema.safeParse({ ...line, credentialMode: "ephemeral" }).success).toBe(
      true,
    );
  });
});
