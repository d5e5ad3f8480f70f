// The managers' side of parallel dialing's rules: the team's settings (validated, managers only,
// a refused change changes nothing) and its abandonment message (uploaded like a voicemail
// message, played by any member, replaced and deleted with its audio).
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import {
  abandonmentMessageResponseSchema,
  dialingRulesResponseSchema,
} from "@/modules/power-dial/lib/schemas";
import { organization, repOf, type Rep } from "./calls-helpers";
import { base, request } from "./helpers";

const rulesRoute = await import("@/app/api/team/dialing-rules/route");
const messageRoute = await import("@/app/api/team/abandonment-message/route");
const { GET: audioRoute } = await import("@/app/api/team/abandonment-message/audio/route");
const { abandonMessageKey, recordingStore } = await import("@/modules/recordings/lib/storage");

const rules = async (rep: Rep) =>
  rulesRoute.GET(request("GET", "/api/team/dialing-rules", { token: rep.token }));
const putRules = (rep: Rep, body: unknown) =>
  rulesRoute.PUT(request("PUT", "/api/team/dialing-rules", { token: rep.token, body }));

const valid = { country: "GB", capPercent: 2.5, noRedialHours: 72, minRingSeconds: 20 };

async function team() {
  const org = await organization();
  return { manager: await repOf(org.id, "manager"), rep: await repOf(org.id) };
}

describe("GET/PUT /api/team/dialing-rules", () => {
  it("answers the US defaults, the rates and no message to any member", async () => {
    const { rep } = await team();
    const res = await rules(rep);
    expect(res.status).toBe(200);
    expect(dialingRulesResponseSchema.parse(await res.json())).toMatchObject({
      country: "US",
      capPercent: 3,
      noRedialHours: 24,
      minRingSeconds: 15,
      maxLines: 3,
      last24Hours: { answeredByPerson: 0, abandoned: 0, ratePercent: 0 },
      message: null,
    });
  });

  it("lets a manager set them (audited), and refuses a rep with 403", async () => {
    const { manager, rep } = await team();
    expect((await putRules(rep, valid)).status).toBe(403);
    const res = await putRules(manager, valid);
    expect(res.status).toBe(200);
    expect(dialingRulesResponseSchema.parse(await res.json())).toMatchObject(valid);
    expect(dialingRulesResponseSchema.parse(await (await rules(rep)).json())).toMatchObject(valid);
    const db = await getDb();
    const audit = await db.auditEvent.findFirst({
      where: { action: "organization.dialing_rules", target: manager.organizationId },
    });
    expect(audit?.actor).toBe(manager.username);
  });

  it.each([
    [{ ...valid, country: "FR" }, "country"],
    [{ ...valid, capPercent: 10.5 }, "capPercent"],
    [{ ...valid, capPercent: 0.4 }, "capPercent"],
    [{ ...valid, capPercent: "3" }, "capPercent"],
    [{ ...valid, noRedialHours: 12 }, "noRedialHours"],
    [{ ...valid, noRedialHours: 24.5 }, "noRedialHours"],
    [{ ...valid, minRingSeconds: 10 }, "minRingSeconds"],
    [{ country: "US", capPercent: 3, noRedialHours: 24 }, "minRingSeconds"],
  ])("refuses %j naming %s, and changes nothing", async (body, field) => {
    const { manager } = await team();
    const res = await putRules(manager, body);
    expect(res.status).toBe(400);
    const error = (await res.json()) as { fields?: Record<string, string> };
    expect(Object.keys(error.fields ?? {})).toContain(field);
    expect(dialingRulesResponseSchema.parse(await (await rules(manager)).json())).toMatchObject({
      country: "US",
      capPercent: 3,
      noRedialHours: 24,
      minRingSeconds: 15,
    });
  });
});

/** Bytes that start like a WebM file, seeded so two messages differ. */
function webm(size: number, seed: number) {
  const out = new Uint8Array(size);
  for (let i = 0; i < size; i++) out[i] = (seed * 31 + i * 7) & 0xff;
  out.set([0x1a, 0x45, 0xdf, 0xa3], 0);
  return out;
}

const upload = (rep: Rep, body: Uint8Array, type = "audio/webm") =>
  messageRoute.PUT(
    new NextRequest(`${base}/api/team/abandonment-message`, {
      method: "PUT",
      headers: {
        authorization: `Bearer ${rep.token}`,
        "content-type": type,
        "x-dialflow-socket-ip": "198.18.9.10",
      },
      body: body.byteLength ? Buffer.from(body) : null,
    }),
  );
const audio = (rep: Rep) =>
  audioRoute(request("GET", "/api/team/abandonment-message/audio", { token: rep.token }));
const remove = (rep: Rep) =>
  messageRoute.DELETE(request("DELETE", "/api/team/abandonment-message", { token: rep.token }));
const stored = async (rep: Rep) =>
  abandonmentMessageResponseSchema.parse(
    await (
      await messageRoute.GET(request("GET", "/api/team/abandonment-message", { token: rep.token }))
    ).json(),
  ).message;

describe("the abandonment message", () => {
  it("is uploaded by a manager, played to any member byte for byte, replaced and deleted", async () => {
    const { manager, rep } = await team();
    expect((await audio(rep)).status).toBe(404);
    const first = webm(4000, 1);
    expect((await upload(rep, first)).status).toBe(403);
    const res = await upload(manager, first);
    expect(res.status).toBe(200);
    const message = abandonmentMessageResponseSchema.parse(await res.json()).message!;
    expect(message).toMatchObject({ mimeType: "audio/webm", bytes: 4000 });
    expect(await stored(rep)).toEqual(message);

    const played = await audio(rep);
    expect(played.status).toBe(200);
    expect(played.headers.get("content-type")).toBe("audio/webm");
    expect(new Uint8Array(await played.arrayBuffer())).toEqual(first);

    // A refused upload (not audio, empty) keeps the message as it was.
    const pdf = new TextEncoder().encode("%PDF-1.7 not audio at all");
    expect((await upload(manager, pdf)).status).toBe(415);
    expect((await upload(manager, pdf, "application/pdf")).status).toBe(415);
    expect((await upload(manager, new Uint8Array())).status).toBe(400);
    expect(await stored(rep)).toEqual(message);

    // Replacing it drops the old audio from the store.
    const second = webm(5000, 2);
    expect((await upload(manager, second)).status).toBe(200);
    expect(new Uint8Array(await (await audio(rep)).arrayBuffer())).toEqual(second);
    const store = await recordingStore();
    expect(await store.get(abandonMessageKey(manager.organizationId, message.sha256))).toBeNull();

    expect((await remove(rep)).status).toBe(403);
    const deleted = await remove(manager);
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ message: null });
    expect((await audio(rep)).status).toBe(404);
    expect((await remove(manager)).status).toBe(404);
  });

  it("is the team's own: another organization hears nothing of it", async () => {
    const { manager } = await team();
    const up = await upload(manager, webm(1000, 3));
    expect(up.status).toBe(200);
    const outsider = await repOf((await organization()).id);
    expect((await audio(outsider)).status).toBe(404);
    expect(await stored(outsider)).toBeNull();
  });
});
