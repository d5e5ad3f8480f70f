// Reservations of power-dial sessions: one atomic statement decides who dials a business, even
// when two reps race for it; the holder may extend and release it; other organizations never see
// it. Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { createAccount, loginAs, request } from "./helpers";

const route = await import("@/app/api/dialing/reservations/[placeId]/route");
const { getDb } = await import("@/lib/db/client");
const { takeReservation, reservedByOthers } = await import("@/modules/power-dial/lib/reservations");

const placeId = () => `ChIJrace${crypto.randomBytes(6).toString("hex")}`;
const ctx = (id: string) => ({ params: Promise.resolve({ placeId: id }) });
const take = (token: string, id: string) =>
  route.POST(request("POST", `/api/dialing/reservations/${id}`, { token }), ctx(id));
const release = (token: string, id: string) =>
  route.DELETE(request("DELETE", `/api/dialing/reservations/${id}`, { token }), ctx(id));

async function rep() {
  const account = await createAccount();
  return { ...account, token: await loginAs(account) };
}

async function moveToNewOrganization(username: string) {
  const db = await getDb();
  const org = await db.organization.create({ data: { name: `org-${crypto.randomUUID()}` } });
  await db.user.update({ where: { username }, data: { organizationId: org.id } });
  return org.id;
}

describe("reservations", () => {
  it("lets exactly one of two reps racing for the same place win, every time", async () => {
    // One after the other: a fresh database creates the shared organization on the first.
    const [a, b] = [await rep(), await rep()];
    for (let round = 0; round < 10; round++) {
      const id = placeId();
      const [ra, rb] = await Promise.all([take(a.token, id), take(b.token, id)]);
      const statuses = [ra.status, rb.status].sort();
      expect(statuses, `round ${round}`).toEqual([200, 409]);
      const loser = ra.status === 409 ? ra : rb;
      const winner = ra.status === 200 ? a : b;
      const body = (await loser.json()) as { code: string; error: string; heldBy: string };
      expect(body.code).toBe("reserved");
      expect(body.heldBy).toBe(winner.username);
      expect(body.error).toBe(`${winner.username} is dialing this business right now`);
    }
  });

  it("races many takes at the database level: one row returned in total", async () => {
    const [a, b] = [await rep(), await rep()];
    const db = await getDb();
    const users = await db.user.findMany({
      where: { username: { in: [a.username, b.username] } },
      select: { id: true, organizationId: true },
    });
    const id = placeId();
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        takeReservation(users[0]!.organizationId, users[i % 2]!.id, id),
      ),
    );
    const winners = new Set(
      results.map((r, i) => (r.taken ? users[i % 2]!.id : null)).filter(Boolean),
    );
    expect(winners.size).toBe(1);
  });

  it("the holder extends its own reservation; another rep takes it once it expired", async () => {
    const [a, b] = [await rep(), await rep()];
    const id = placeId();
    const first = await take(a.token, id);
    expect(first.status).toBe(200);
    const again = await take(a.token, id);
    expect(again.status).toBe(200);
    expect((await take(b.token, id)).status).toBe(409);

    const db = await getDb();
    const past = new Date(Date.now() - 1000);
    await db.dialReservation.updateMany({ where: { placeId: id }, data: { expiresAt: past } });
    const taken = await take(b.token, id);
    expect(taken.status).toBe(200);
    const { reservation } = (await taken.json()) as { reservation: { expiresAt: string } };
    // DIAL_RESERVATION_MINUTES defaults to 60.
    const minutes = (Date.parse(reservation.expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(59);
    expect(minutes).toBeLessThanOrEqual(60);
  });

  it("housekeeping drops expired reservations and keeps live ones", async () => {
    const [a, b] = [await rep(), await rep()];
    const [expired, live] = [placeId(), placeId()];
    expect((await take(a.token, expired)).status).toBe(200);
    expect((await take(b.token, live)).status).toBe(200);
    const db = await getDb();
    await db.dialReservation.updateMany({
      where: { placeId: expired },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const { pruneExpiredAuthRows } = await import("@/modules/deploy/lib/housekeeping");
    const pruned = await pruneExpiredAuthRows();
    expect(pruned.reservations).toBeGreaterThanOrEqual(1);
    expect(await db.dialReservation.count({ where: { placeId: expired } })).toBe(0);
    expect(await db.dialReservation.count({ where: { placeId: live } })).toBe(1);
  });

  it("release frees the place for the next rep; only the holder can release", async () => {
    const [a, b] = [await rep(), await rep()];
    const id = placeId();
    expect((await take(a.token, id)).status).toBe(200);
    expect(await (await release(b.token, id)).json()).toEqual({ released: false });
    expect((await take(b.token, id)).status).toBe(409);
    expect(await (await release(a.token, id)).json()).toEqual({ released: true });
    expect((await take(b.token, id)).status).toBe(200);
  });

  it("is scoped by organization: another team's reservation does not block or show", async () => {
    const [a, b] = [await rep(), await rep()];
    const otherOrg = await moveToNewOrganization(b.username);
    const id = placeId();
    expect((await take(a.token, id)).status).toBe(200);
    expect((await take(b.token, id)).status).toBe(200);
    const db = await getDb();
    const bUser = await db.user.findUniqueOrThrow({ where: { username: b.username } });
    expect((await reservedByOthers(otherOrg, bUser.id, [id])).size).toBe(0);
    const aUser = await db.user.findUniqueOrThrow({ where: { username: a.username } });
    const rep3 = await rep();
    const rep3User = await db.user.findUniqueOrThrow({ where: { username: rep3.username } });
    const seen = await reservedByOthers(rep3User.organizationId, rep3User.id, [id]);
    expect(seen.get(id)?.heldBy).toBe(a.username);
    expect(aUser.organizationId).toBe(rep3User.organizationId);
  });

  it("refuses without a session and with a malformed place id", async () => {
    expect(
      (await route.POST(request("POST", "/api/dialing/reservations/x"), ctx("x"))).status,
    ).toBe(401);
    const { token } = await rep();
    const bad = await take(token, "bad id!");
    expect(bad.status).toBe(400);
  });
});
