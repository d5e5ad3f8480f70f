import "server-only";
import { dataDir, env, isServerless } from "@/lib/env";
import type pg from "pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { connect, statementName, type Connection } from "./connect";
import { migrateDatabase } from "./migrate";

export type Db = PrismaClient;

type State = { connection: Connection; prisma: PrismaClient; migrated: string[] };

// One Prisma client per process, kept on globalThis so dev-mode module reloads reuse it.
const holder = globalThis as unknown as { __dbState?: Promise<State> };

async function open(): Promise<State> {
  const connection = await connect({ databaseUrl: env.DATABASE_URL, dataDir, role: "server" });
  // Serverless cold starts never migrate: the build did (scripts/build.mjs).
  const migrated = isServerless ? [] : await migrateDatabase(connection.factory, env.DATABASE_URL);
  const prisma = new PrismaClient({ adapter: connection.factory });
  return { connection, prisma, migrated };
}

/** The process's Prisma client; the first call opens the database and applies pending migrations. */
export async function getDb(): Promise<Db> {
  holder.__dbState ??= open().catch((err) => {
    holder.__dbState = undefined;
    throw err;
  });
  return (await holder.__dbState).prisma;
}

export async function getDbState(): Promise<State> {
  await getDb();
  return holder.__dbState!;
}

export async function closeDb() {
  const state = await holder.__dbState?.catch(() => undefined);
  holder.__dbState = undefined;
  if (!state) return;
  await state.prisma.$disconnect();
  await state.connection.close();
}

/**
 * Rows of one SQL text with `$1`-style parameters, straight from the `pg` pool as a prepared
 * statement (named by the text, so each connection parses and plans it once). For the session
 * check that every authenticated request runs: Prisma's query interpreter cost it ~65 µs of the
 * request thread. Where there is no pool (the CLI's in-process PGlite) it goes through Prisma.
 * Values go out as `pg` sends them: pass a timestamp as an ISO string (UTC, as Prisma stores).
 */
export async function queryRows<T>(text: string, values: unknown[]): Promise<T[]> {
  const { connection, prisma } = await getDbState();
  if (!connection.pool) return prisma.$queryRawUnsafe<T[]>(text, ...values);
  const name = statementName({ sql: text });
  const result = await connection.pool.query<T & pg.QueryResultRow>({ name, text, values });
  return result.rows;
}
