// The rep's browser answers a monitoring request only when the server signed it for this rep,
// this call, this session and this manager: anything else is refused before any audio is sent.
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import {
  acceptMonitorRequest,
  MONITOR_TOKEN_AUDIENCE,
  MONITOR_TOKEN_ISSUER,
  type MonitorPublicJwk,
} from "@/modules/floor/lib/monitor-token";

type Pair = Awaited<ReturnType<typeof generateKeyPair>>;
let server: Pair;
let stranger: Pair;
let serverJwk: MonitorPublicJwk;

const rep = "rep-1";
const call = "call-1";
const request = { id: "session-1", managerId: "manager-1" };

beforeAll(async () => {
  server = await generateKeyPair("ES256");
  stranger = await generateKeyPair("ES256");
  serverJwk = (await exportJWK(server.publicKey)) as MonitorPublicJwk;
});

function sign(
  key: Pair["privateKey"],
  claims: Partial<{ sid: string; mgr: string; rep: string; call: string; mode: string }> = {},
  { expiresIn = "120s", audience = MONITOR_TOKEN_AUDIENCE } = {},
) {
  return new SignJWT({
    sid: request.id,
    mgr: request.managerId,
    rep,
    call,
    mode: "listen",
    ...claims,
  })
    .setProtectedHeader({ alg: "ES256" })
    .setIssuer(MONITOR_TOKEN_ISSUER)
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .sign(key);
}

const accept = async (token: string, expected = { rep, call }) =>
  acceptMonitorRequest({ ...request, token }, serverJwk, expected);

describe("acceptMonitorRequest", () => {
  it("accepts the server's token for this rep's call, with its mode", async () => {
    const claims = await accept(await sign(server.privateKey, { mode: "whisper" }));
    expect(claims).toMatchObject({
      sid: request.id,
      mgr: request.managerId,
      rep,
      call,
      mode: "whisper",
    });
  });

  it("refuses a token signed by any other key", async () => {
    expect(await accept(await sign(stranger.privateKey))).toBeNull();
  });

  it("refuses the server's token for another call, rep, session or manager", async () => {
    expect(await accept(await sign(server.privateKey, { call: "call-2" }))).toBeNull();
    expect(await accept(await sign(server.privateKey, { rep: "rep-2" }))).toBeNull();
    expect(await accept(await sign(server.privateKey, { sid: "session-2" }))).toBeNull();
    expect(await accept(await sign(server.privateKey, { mgr: "manager-2" }))).toBeNull();
    // The same token, checked for another call of the rep's.
    expect(await accept(await sign(server.privateKey), { rep, call: "call-2" })).toBeNull();
  });

  it("refuses an expired, mis-addressed, unknown-mode or altered token", async () => {
    expect(await accept(await sign(server.privateKey, {}, { expiresIn: "-1s" }))).toBeNull();
    expect(
      await accept(await sign(server.privateKey, {}, { audience: "dialflow:sip-edge" })),
    ).toBeNull();
    expect(await accept(await sign(server.privateKey, { mode: "record" }))).toBeNull();
    const [header, payload, signature] = (await sign(server.privateKey)).split(".");
    const altered = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(payload!, "base64url").toString()),
        mode: "join",
      }),
    ).toString("base64url");
    expect(await accept(`${header}.${altered}.${signature}`)).toBeNull();
    expect(await accept("not a token")).toBeNull();
  });
});
