import "server-only";
import { isDeepStrictEqual } from "node:util";
import { can } from "@/lib/auth/permissions";
import type { UserSession } from "@/lib/auth/sessions";
import { getDb } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import {
  ACCOUNT_PULL_MAX,
  APPOINTMENT_TS_MAX,
  APPOINTMENT_TS_MIN,
  checkAccountPut,
  type AccountChange,
  type AccountSummary,
  type AccountItem,
  type AccountItemKind,
} from "./schemas";

// A team's account records: pushes of item changes and pulls since a cursor, every
// query scoped to the session's organization.
//
// Cursors. Every insert and every change takes the next number of the column's sequence
// ("seq"); a pull returns a place's rows with seq > cursor, oldest first. Sequence numbers are
// handed out in call order but become visible in commit order, so two writers could commit out
// of order and a puller that saw the later number first would skip the earlier one for good.
// Writes to one place therefore run under a transaction-level advisory lock on
// (organization, place) taken before any number is drawn: for one place, the lock holder draws
// its numbers and commits (PostgreSQL makes a commit visible before it releases the
// transaction's locks) before the next writer draws any. Within a place, numbers become visible
// in increasing order, and since a pull reads one place, a cursor never passes over a change
// still to come. Writes to different places never wait for each other.

type Row = {
  kind: AccountItemKind;
  itemId: string;
  data: unknown;
  deleted: boolean;
  needsFixing: boolean;
  createdById: string;
  updatedAt: Date;
};

type Rejection = {
  kind: AccountItemKind;
  itemId: string;
  code: "invalid" | "not_author" | "deleted";
  message: string;
};

/**
 * The advisory lock of one place's writes: two int keys, hashtext(ACCOUNT_LOCK_SPACE) and
 * hashtext(placeLockName(...)) (the two-int form is apart from lib/db/migrate.ts's bigint key; a
 * hash collision only makes two places take turns).
 */
export const ACCOUNT_LOCK_SPACE = "dialflow:account-items";
export const placeLockName = (organizationId: string, placeId: string) =>
  `${organizationId}:${placeId}`;

const itemSelect = {
  kind: true,
  itemId: true,
  data: true,
  deleted: true,
  needsFixing: true,
  createdAt: true,
  updatedAt: true,
  seq: true,
  createdBy: { select: { username: true } },
  updatedBy: { select: { username: true } },
} as const;

type SelectedItem = Prisma.AccountItemGetPayload<{ select: typeof itemSelect }>;

function toItem(row: SelectedItem): AccountItem {
  return {
    kind: row.kind,
    itemId: row.itemId,
    data: row.deleted ? null : (row.data ?? null),
    deleted: row.deleted,
    needsFixing: row.needsFixing,
    createdBy: row.createdBy.username,
    updatedBy: row.updatedBy.username,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Kinds whose item id is fixed by what they hold ("address", "phone:<digits>"), not made per item. */
const FIXED_ID_KINDS: ReadonlySet<AccountItemKind> = new Set(["address", "phone"]);

const key = (kind: string, itemId: string) => `${kind}\u0000${itemId}`;

/**
 * Who may change or delete a note: its author. The hook for managers once roles exist (issue
 * 30): widen this check, the rest of the push follows it.
 */
export function mayChangeNote(session: UserSession, authorId: string): boolean {
  return authorId === session.userId || can(session.role, "notes.moderate");
}

/**
 * Applies a batch of changes to one place's items, one by one (a refused change leaves its item
 * as it was; the rest still apply). Idempotent by (kind, itemId): a change that would leave the
 * item as it is writes nothing (no new seq, no new updatedAt). Per item the change that reaches
 * the server last wins: a put older by server time than the stored item loses (the stored item
 * is returned), a delete always wins and leaves a tombstone. A later put revives the tombstone of
 * a fixed-id item (address, phone) but never one of a per-item id (note, appointment, contact).
 */
export async function pushChanges(
  session: UserSession,
  placeId: string,
  changes: AccountChange[],
  now: Date = new Date(),
  account?: AccountSummary,
): Promise<{ items: AccountItem[]; rejected: Rejection[] }> {
  const db = await getDb();
  const org = session.organizationId;
  const rejected: Rejection[] = [];
  const touched = new Map<string, { kind: AccountItemKind; itemId: string }>();
  for (const c of changes) touched.set(key(c.kind, c.itemId), { kind: c.kind, itemId: c.itemId });
  const where = {
    organizationId: org,
    placeId,
    OR: [...touched.values()],
  };

  await db.$transaction(
    async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${ACCOUNT_LOCK_SPACE}), hashtext(${placeLockName(org, placeId)}))`;
      // Read after the lock: under READ COMMITTED each statement sees what the previous holder
      // committed.
      const existing = await tx.accountItem.findMany({
        where,
        select: {
          kind: true,
          itemId: true,
          data: true,
          deleted: true,
          needsFixing: true,
          createdById: true,
          updatedAt: true,
        },
      });
      const rows = new Map<string, Row>(existing.map((r) => [key(r.kind, r.itemId), r]));

      for (const change of changes) {
        const k = key(change.kind, change.itemId);
        const row = rows.get(k);
        const refuse = (code: Rejection["code"], message: string) =>
          rejected.push({ kind: change.kind, itemId: change.itemId, code, message });

        if (change.op === "delete") {
          if (row?.deleted) continue; // already a tombstone: nothing to do
          if (row && change.kind === "note" && !mayChangeNote(session, row.createdById)) {
            refuse("not_author", "Only the note's author can delete it");
            continue;
          }
          const at = row && row.updatedAt > now ? row.updatedAt : now;
          const next: Row = {
            kind: change.kind,
            itemId: change.itemId,
            data: null,
            deleted: true,
            needsFixing: false,
            createdById: row?.createdById ?? session.userId,
            updatedAt: at,
          };
          await write(tx, session, placeId, next, !row, now);
          rows.set(k, next);
          continue;
        }

        const verdict = checkAccountPut(change.kind, change.itemId, change.data, change.legacy);
        if (!verdict.ok) {
          refuse("invalid", verdict.message);
          continue;
        }
        // A per-item id (a note's, a contact's) names one thing that once existed: deleted, it
        // stays deleted. A fixed id (the address, a phone's digits) names a slot any rep may clear
        // or set at any time, so a later put fills it again.
        if (row?.deleted && !FIXED_ID_KINDS.has(change.kind)) {
          refuse("deleted", "This item was deleted");
          continue;
        }
        if (row && change.kind === "note" && !mayChangeNote(session, row.createdById)) {
          refuse("not_author", "Only the note's author can change it");
          continue;
        }
        if (row && !row.deleted && verdict.needsFixing && !row.needsFixing) {
          // A legacy upload never replaces an item the team already keeps in today's form.
          refuse("invalid", "The team already keeps this item");
          continue;
        }
        if (
          row &&
          !row.deleted &&
          isDeepStrictEqual(row.data, verdict.data) &&
          row.needsFixing === verdict.needsFixing
        ) {
          continue; // the same put again: nothing changes
        }
        if (row && row.updatedAt > now) continue; // a later change already won
        const next: Row = {
          kind: change.kind,
          itemId: change.itemId,
          data: verdict.data,
          deleted: false,
          needsFixing: verdict.needsFixing,
          createdById: row?.createdById ?? session.userId,
          updatedAt: now,
        };
        await write(tx, session, placeId, next, !row, now);
        rows.set(k, next);
      }
      if (account) await keepAccount(tx, session, placeId, account, now);
      // A batch is at most ACCOUNT_PUSH_MAX small writes; the wait covers a busy place's queue.
    },
    { maxWait: 10_000, timeout: 20_000 },
  );

  const items = await db.accountItem.findMany({
    where,
    select: itemSelect,
    orderBy: { seq: "asc" },
  });
  return { items: items.map(toItem), rejected };
}

type Tx = Prisma.TransactionClient;

/**
 * When an appointment is due (its "ts"), for the Callbacks screen; null for other kinds, for
 * tombstones, and for a legacy item whose time is not a date of 2000-2099.
 */
function dueAtOf(row: Row): Date | null {
  if (row.kind !== "appointment" || row.deleted) return null;
  const ts = (row.data as { ts?: unknown } | null)?.ts;
  return typeof ts === "number" && ts >= APPOINTMENT_TS_MIN && ts < APPOINTMENT_TS_MAX
    ? new Date(ts)
    : null;
}

/** The team's account record of the business: what the rep saw last (modules/records/lib/accounts.ts). */
async function keepAccount(
  tx: Tx,
  session: UserSession,
  placeId: string,
  account: AccountSummary,
  now: Date,
) {
  const fields = {
    name: account.name,
    phone: account.phone ?? null,
    utcOffsetMinutes: account.utcOffsetMinutes ?? null,
    updatedById: session.userId,
    updatedAt: now,
  };
  await tx.account.upsert({
    where: { organizationId_placeId: { organizationId: session.organizationId, placeId } },
    create: { organizationId: session.organizationId, placeId, ...fields },
    update: fields,
  });
}

/** One insert or change, drawing the next seq either way. */
async function write(
  tx: Tx,
  session: UserSession,
  placeId: string,
  row: Row,
  insert: boolean,
  now: Date,
) {
  const data = row.data === null ? null : JSON.stringify(row.data);
  const dueAt = dueAtOf(row);
  if (insert) {
    await tx.$executeRaw`
      INSERT INTO "AccountItem" ("organizationId", "placeId", "kind", "itemId", "data", "deleted",
        "needsFixing", "createdById", "updatedById", "createdAt", "updatedAt", "dueAt")
      VALUES (${session.organizationId}::uuid, ${placeId}, ${row.kind}::"AccountItemKind",
        ${row.itemId}, ${data}::jsonb, ${row.deleted}, ${row.needsFixing},
        ${session.userId}::uuid, ${session.userId}::uuid, ${now}::timestamp(3),
        ${row.updatedAt}::timestamp(3), ${dueAt}::timestamp(3))`;
    return;
  }
  await tx.$executeRaw`
    UPDATE "AccountItem" SET "data" = ${data}::jsonb, "deleted" = ${row.deleted},
      "needsFixing" = ${row.needsFixing}, "updatedById" = ${session.userId}::uuid,
      "updatedAt" = ${row.updatedAt}::timestamp(3), "dueAt" = ${dueAt}::timestamp(3),
      "seq" = nextval('"AccountItem_seq_seq"')
    WHERE "organizationId" = ${session.organizationId}::uuid AND "placeId" = ${placeId}
      AND "kind" = ${row.kind}::"AccountItemKind" AND "itemId" = ${row.itemId}`;
}

/**
 * A place's items changed after `since` (all of them without one), oldest change first, at most
 * `limit` of them; `cursor` is where the next pull starts, `more` whether one is needed now.
 */
export async function pullItems(
  session: UserSession,
  placeId: string,
  since: string | undefined,
  limit: number = ACCOUNT_PULL_MAX,
): Promise<{ items: AccountItem[]; cursor: string; more: boolean }> {
  const db = await getDb();
  const after = BigInt(since ?? "0");
  const rows = await db.accountItem.findMany({
    where: { organizationId: session.organizationId, placeId, seq: { gt: after } },
    select: itemSelect,
    orderBy: { seq: "asc" },
    take: limit + 1,
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(toItem),
    cursor: String(last ? last.seq : after),
    more: rows.length > limit,
  };
}
