// A do-not-call list longer than any one answer: GET /api/do-not-call pages through every entry
// exactly once (keyset cursor, newest first) and the CSV export streams all of them. The rows are
// inserted directly (an import caps at 10,000 per file) with many equal createdAt values, so the
// cursor's tie-breaker is exercised. Its own file: its own embedded database.
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { createAccount, loginAs, request } from "./helpers";

const list = await import("@/app/api/do-not-call/route");
const exportRoute = await import("@/app/api/do-not-call/export.csv/route");
const { readCsv } = await import("@/modules/do-not-call/lib/csv-read");
const { getDb } = await import("@/lib/db/client");

const ENTRIES = 12_000;

async function repWithList() {
  const account = await createAccount();
  const db = await getDb();
  const org = await db.organization.create({ data: { name: `org-${crypto.randomUUID()}` } });
  // A manager: the export is managers'.
  await db.user.update({
    where: { username: account.username },
    data: { organizationId: org.id, role: "manager" },
  });
  const base = Date.now() - 3_600_000;
  const data = Array.from({ length: ENTRIES }, (_, i) => ({
    organizationId: org.id,
    // +1 512 2xx xxxx: distinct, valid US numbers.
    number: `+1512${2_000_000 + i}`,
    note: i % 3 ? `note ${i}` : null,
    addedBy: "importer",
    // 7 distinct times only: most pages end inside a run of equal createdAt values.
    createdAt: new Date(base + (i % 7) * 1000),
  }));
  await db.doNotCallNumber.createMany({ data });
  return { token: await loginAs(account), numbers: data.map((d) => d.number) };
}

type Page = {
  numbers: { number: string; createdAt: string }[];
  total: number;
  nextCursor: string | null;
};

async function getPage(token: string, query: string) {
  const res = await list.GET(request("GET", `/api/do-not-call${query}`, { token }));
  return { status: res.status, body: (await res.json()) as Page };
}

describe("do-not-call list beyond 10,000 entries", () => {
  it("pages through every entry exactly once, newest first, and exports all of them", async () => {
    const { token, numbers } = await repWithList();

    const first = await getPage(token, "");
    expect(first.status).toBe(200);
    expect(first.body.total).toBe(ENTRIES);
    // A sensible default page, with a cursor to the next one.
    expect(first.body.numbers).toHaveLength(200);
    expect(first.body.nextCursor).toEqual(expect.any(String));

    const seen: Page["numbers"] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `?limit=1000${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
      const page = await getPage(token, query);
      expect(page.status).toBe(200);
      expect(page.body.total).toBe(ENTRIES);
      seen.push(...page.body.numbers);
      cursor = page.body.nextCursor;
      pages += 1;
    } while (cursor && pages < 100);
    expect(pages).toBe(ENTRIES / 1000);
    expect(seen).toHaveLength(ENTRIES);
    expect(new Set(seen.map((n) => n.number))).toEqual(new Set(numbers));
    const times = seen.map((n) => Date.parse(n.createdAt));
    expect(times).toEqual([...times].sort((x, y) => y - x));

    const out = await exportRoute.GET(request("GET", "/api/do-not-call/export.csv", { token }));
    expect(out.status).toBe(200);
    expect(out.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(out.headers.get("content-disposition")).toBe('attachment; filename="do-not-call.csv"');
    expect(out.headers.get("cache-control")).toBe("no-store");
    const records = readCsv(await out.text());
    expect(records[0]!.cells).toEqual(["number", "note", "added_by", "added_at"]);
    const rows = records.slice(1).map((r) => r.cells[0]!.replace(/^'/, ""));
    expect(rows).toHaveLength(ENTRIES);
    expect(new Set(rows)).toEqual(new Set(numbers));
  }, 120_000);

  it("validates the page query", async () => {
    const { token } = await repWithList();
    for (const query of ["?limit=0", "?limit=1001", "?limit=ten", "?cursor=not-a-cursor"]) {
      expect((await getPage(token, query)).status, query).toBe(400);
    }
    const small = await getPage(token, "?limit=1");
    expect(small.body.numbers).toHaveLength(1);
  }, 120_000);
});
