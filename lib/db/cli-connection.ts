import "server-only";
import { dataDir, env } from "@/lib/env";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { connect } from "./connect";
import { migrateDatabase } from "./migrate";

/**
 * Database access for command-line scripts: joins a running server through its socket, or
 * opens (and migrates) the database itself when no server holds it.
 */
export async function openForCli() {
  const connection = await connect({ databaseUrl: env.DATABASE_URL, dataDir, role: "cli" });
  const migrated =
    connection.mode === "socket" ? [] : await migrateDatabase(connection.factory, env.DATABASE_URL);
  const prisma = new PrismaClient({ adapter: connection.factory });
  return {
    prisma,
    migrated,
    mode: connection.mode,
    async close() {
      await prisma.$disconnect();
      await connection.close();
    },
  };
}
