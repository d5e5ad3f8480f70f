// The voicemail API (voicemail drop): upload refusals that store nothing and replace
// nothing, the default message, and scoping (another rep, a manager, another organization: 404).
import crypto from "node:crypto";
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { VOICEMAIL_MAX_BYTES } from "@/modules/voicemail/lib/constants";
import { organization, repOf, type Rep } from "./calls-helpers";
import { base, request } from "./helpers";

const listRoute = await import("@/app/api/voicemails/route");
const itemRoute = await import("@/app/api/voicemails/[id]/route");
const { GET: audioRoute } = await import("@/app/api/voicemails/[id]/audio/route");
const { recordingStore, voicemailKey } = await import("@/modules/recordings/lib/storage");

const params = (id: string) => ({ params: Promise.resolve({ id }) });

/** Bytes that start like a WebM file, seeded so two messages differ. */
function webm(size: number, seed: number) {
  const out = new Uint8Array(size);
  for (let i = 0; i < size; i++) out[i] = (seed * 31 + i * 7) & 0xff;
  out.set([0x1a, 0x45, 0xdf, 0xa3], 0);
  return out;
}

function upload(rep: Rep, name: string, body: Uint8Array, type = "audio/webm;codecs=opus") {
  const q = new URLSearchParams({ name, durationMs: "4200" });
  return listRoute.POST(
    new NextRequest(`${base}/api/voicemails?${q}`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${rep.token}`,
        "content-type": type,
        "x-dialflow-socket-ip": "198.18.9.9",
      },
      body: body.byteLength ? Buffer.from(body) : null,
    }),
  );
}

const list = async (rep: Rep) =>
  (await (await listRoute.GET(request("GET", "/api/voicemails", { token: rep.token }))).json())
    .messages as Array<{ id: string; name: string; isDefault: boolean; bytes: number }>;

const audio = (rep: Rep, id: string) =>
  audioRoute(request("GET", `/api/voicemails/${id}/audio`, { token: rep.token }), params(id));

const patch = (rep: Rep, id: string, body: unknown) =>
  itemRoute.PATCH(
    request("PATCH", `/api/voicemails/${id}`, { token: rep.token, body }),
    params(id),
  );

const remove = (rep: Rep, id: string) =>
  itemRoute.DELETE(request("DELETE", `/api/voicemails/${id}`, { token: rep.token }), params(id));

describe("voicemail messages", () => {
  it("stores an upload, plays it back byte for byte, and makes the first one the default", async () => {
    const rep = await repOf((await organization()).id);
    const bytes = webm(3000, 1);
    const res = await upload(rep, "  Morning pitch ", bytes);
    expect(res.status).toBe(201);
    const { message } = await res.json();
    expect(message).toMatchObject({
      name: "Morning pitch",
      mimeType: "audio/webm",
      bytes: 3000,
      durationMs: 4200,
      isDefault: true,
    });
    const second = (await (await upload(rep, "Follow-up", webm(2000, 2))).json()).message;
    expect(second.isDefault).toBe(false);
    const played = await audio(rep, message.id);
    expect(played.status).toBe(200);
    expect(played.headers.get("content-type")).toBe("audio/webm");
    expect(Buffer.from(await played.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);

    // Picking another default leaves exactly one.
    expect((await patch(rep, second.id, { isDefault: true, name: "Follow up" })).status).toBe(200);
    const after = await list(rep);
    expect(after.filter((m) => m.isDefault).map((m) => m.name)).toEqual(["Follow up"]);

    // Deleting the default hands it to the remaining message and removes the audio.
    const row = await (
      await getDb()
    ).voicemailMessage.findUniqueOrThrow({ where: { id: second.id } });
    const del = await remove(rep, second.id);
    expect(del.status).toBe(200);
    expect((await del.json()).messages).toMatchObject([{ id: message.id, isDefault: true }]);
    const store = await recordingStore();
    expect(await store.get(voicemailKey(rep.organizationId, second.id, row.sha256))).toBeNull();
    expect((await audio(rep, second.id)).status).toBe(404);
  });

  it("refuses bad uploads with a clear code, storing nothing and keeping what was stored", async () => {
    const rep = await repOf((await organization()).id);
    const kept = webm(1500, 3);
    const first = (await (await upload(rep, "Kept", kept)).json()).message;

    const pdf = new TextEncoder().encode("%PDF-1.7 not audio at all");
    const cases: Array<[Promise<Response>, number, string]> = [
      [upload(rep, "Wrong type", webm(100, 4), "application/pdf"), 415, "voicemail_bad_media"],
      [upload(rep, "Renamed PDF", pdf, "audio/webm"), 415, "voicemail_bad_media"],
      [upload(rep, "Fake WAV", webm(100, 5), "audio/wav"), 415, "voicemail_bad_media"],
      [upload(rep, "Empty", new Uint8Array()), 400, "voicemail_empty"],
      [upload(rep, "Huge", webm(VOICEMAIL_MAX_BYTES + 1, 6)), 413, "voicemail_too_large"],
    ];
    for (const [pending, status, code] of cases) {
      const res = await pending;
      expect(res.status).toBe(status);
      expect(await res.json()).toMatchObject({ code });
    }
    const noName = await upload(rep, "", webm(100, 7));
    expect(noName.status).toBe(400);

    const now = await list(rep);
    expect(now.map((m) => m.id)).toEqual([first.id]);
    expect(now[0]!.isDefault).toBe(true);
    const played = await audio(rep, first.id);
    expect(Buffer.from(await played.arrayBuffer()).equals(Buffer.from(kept))).toBe(true);
    const { readdir } = await import("node:fs/promises");
    const path = await import("node:path");
    const { localRecordingsDir } = await import("@/modules/recordings/lib/storage-local");
    const files = await readdir(path.join(localRecordingsDir(), rep.organizationId, "voicemail"));
    expect(files).toHaveLength(1);
  });

  it("accepts WAV and MP3 by their first bytes", async () => {
    const rep = await repOf((await organization()).id);
    const wav = new Uint8Array(64);
    wav.set(new TextEncoder().encode("RIFF"), 0);
    wav.set(new TextEncoder().encode("WAVEfmt "), 8);
    expect((await upload(rep, "Wave", wav, "audio/x-wav")).status).toBe(201);
    const mp3 = new Uint8Array(64);
    mp3.set(new TextEncoder().encode("ID3"), 0);
    const res = await upload(rep, "Mp3", mp3, "audio/mpeg");
    expect(res.status).toBe(201);
    expect((await res.json()).message.mimeType).toBe("audio/mpeg");
  });

  it("keeps each rep's messages to that rep: others, their manager and other organizations get 404", async () => {
    const orgA = await organization();
    const orgB = await organization();
    const owner = await repOf(orgA.id);
    const teammate = await repOf(orgA.id);
    const manager = await repOf(orgA.id, "manager");
    const outsider = await repOf(orgB.id, "manager");
    const { message } = await (await upload(owner, "Mine", webm(800, 8))).json();
    await upload(outsider, "Theirs", webm(800, 9));

    for (const other of [teammate, manager, outsider]) {
      expect((await audio(other, message.id)).status).toBe(404);
      expect((await patch(other, message.id, { name: "Taken" })).status).toBe(404);
      expect((await remove(other, message.id)).status).toBe(404);
      expect((await list(other)).map((m) => m.id)).not.toContain(message.id);
    }
    expect((await list(owner)).map((m) => m.name)).toEqual(["Mine"]);
    expect((await audio(owner, message.id)).status).toBe(200);
    expect((await audio(owner, crypto.randomUUID())).status).toBe(404);
  });

  it("answers 401 without a session", async () => {
    const res = await listRoute.GET(request("GET", "/api/voicemails"));
    expect(res.status).toBe(401);
  });
});
