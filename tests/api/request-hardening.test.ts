// Text the database cannot store (U+0000, lone UTF-16 surrogates) is refused once, by the route
// wrapper, with a 400 before any handler runs: in a JSON body (values and keys, at any depth), a
// query value and a route param. Without it PostgreSQL answered 22021 and the route a 500.
import { NextResponse } from "next/server";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { withPublic } from "@/lib/api/handler";
import { getDb } from "@/lib/db/client";
import {
  callStats,
  completedCall,
  newId,
  organization,
  placeCalls,
  putCall,
  putDisposition,
  repOf,
  searchCalls,
} from "./calls-helpers";
import { request } from "./helpers";

const dnc = await import("@/app/api/do-not-call/route");
const adminLogin = await import("@/app/api/admin/login/route");

const NUL = "\u0000";

async function expectRefused(res: Response, field: string) {
  expect(res.status).toBe(400);
  const body = (await res.json()) as { code: string; error: string; fields?: object };
  expect(body.code).toBe("invalid_text");
  expect(body.error).toMatch(/may not contain/);
  expect(body.fields).toHaveProperty([field]);
}

const org = await organization("+1 628 555 0100");
const rep = await repOf(org.id);

describe("a NUL character", () => {
  it("in a disposition note is refused and the call keeps no outcome", async () => {
    const id = newId();
    const at = new Date(Date.now() - 60_000);
    expect((await putCall(rep, id, completedCall(at, 10))).status).toBe(201);
    const res = await putDisposition(rep, id, {
      disposition: "interested",
      note: `call back${NUL}later`,
    });
    await expectRefused(res, "note");
    const row = await (await getDb()).call.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ disposition: null, note: null });
  });

  it("in a do-not-call note or number is refused and nothing is listed", async () => {
    const db = await getDb();
    const before = await db.doNotCallNumber.count();
    const post = (body: unknown) =>
      dnc.POST(request("POST", "/api/do-not-call", { token: rep.token, body }));
    await expectRefused(await post({ number: "5125550123", note: `x${NUL}` }), "note");
    await expectRefused(await post({ number: `5125550123${NUL}` }), "number");
    expect(await db.doNotCallNumber.count()).toBe(before);
  });

  it("in a string nested in an array (stats place ids) is refused", async () => {
    const res = await callStats(rep, { placeIds: ["ChIJok", `ChIJ${NUL}bad`] });
    await expectRefused(res, "placeIds.1");
  });

  it("in a failed operator sign-in's username is refused before anything is written", async () => {
    const db = await getDb();
    const before = await db.auditEvent.count();
    const res = await adminLogin.POST(
      request("POST", "/api/admin/login", { body: { username: `root${NUL}`, password: "x" } }),
    );
    await expectRefused(res, "username");
    expect(await db.auditEvent.count()).toBe(before);
  });

  it("in a query value is refused (Call History search)", async () => {
    await expectRefused(await searchCalls(rep, `415${NUL}`), "q");
  });

  it("in a route param is refused (a place's calls)", async () => {
    await expectRefused(await placeCalls(rep, `ChIJ${NUL}`), "placeId");
  });

  it("in an object key is refused", async () => {
    const res = await callStats(rep, { placeIds: [], [`day${NUL}Start`]: "x" });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe("invalid_text");
  });
});

describe("a lone UTF-16 surrogate", () => {
  it("in a JSON body string is refused; a well-formed pair (emoji) is kept", async () => {
    const id = newId();
    expect((await putCall(rep, id, completedCall(new Date(Date.now() - 60_000)))).status).toBe(201);
    // JSON.stringify writes a lone surrogate as the escape \ud83d, which JSON.parse restores.
    await expectRefused(
      await putDisposition(rep, id, { disposition: "interested", note: "a\ud83db" }),
      "note",
    );
    const ok = await putDisposition(rep, id, { disposition: "interested", note: "great 👍" });
    expect(ok.status).toBe(200);
    expect((await (await getDb()).call.findUniqueOrThrow({ where: { id } })).note).toBe("great 👍");
  });
});

describe("text that is allowed", () => {
  it("keeps tabs and newlines in a note", async () => {
    const id = newId();
    expect((await putCall(rep, id, completedCall(new Date(Date.now() - 60_000)))).status).toBe(201);
    const note = "line one\n\tline two\r\nline three";
    const res = await putDisposition(rep, id, { disposition: "interested", note });
    expect(res.status).toBe(200);
    expect((await (await getDb()).call.findUniqueOrThrow({ where: { id } })).note).toBe(note);
  });

  it("lets a route without a query schema ignore its query string", async () => {
    const GET = withPublic({}, async () => NextResponse.json({ ok: true }));
    expect((await GET(request("GET", `/x?junk=${encodeURIComponent(NUL)}`))).status).toBe(200);
  });

  it("checks params even when the route's schema would transform them", async () => {
    const GET = withPublic(
      { params: z.object({ id: z.string().transform((s) => s.length) }) },
      async ({ params }) => NextResponse.json(params),
    );
    const res = await GET(request("GET", "/x/a"), { params: Promise.resolve({ id: `a${NUL}` }) });
    await expectRefused(res, "id");
  });
});
