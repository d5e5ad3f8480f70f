import "server-only";
import { dataDir, env, isServerless } from "@/lib/env";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { connect, type Connection } from "./connect";
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
