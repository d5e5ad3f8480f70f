// Test helper, run as its own process: opens DATA_DIR (argv[2]) the way the server does, inserts
// a row, prints "ready <ms> rows <n>" (n: rows inserted by it and earlier holders) and holds the
// directory until killed. A refused opener prints the refusal and exits 3.
import { connect } from "@/lib/db/connect";
import { DataDirBusyError } from "@/lib/db/embedded-lock";

async function main() {
  const started = performance.now();
  const connection = await connect({ dataDir: process.argv[2]!, role: "server" });
  const adapter = await connection.factory.connect();
  await adapter.executeRaw({
    sql: "CREATE TABLE IF NOT EXISTS held (n int)",
    args: [],
    argTypes: [],
  });
  await adapter.executeRaw({ sql: "INSERT INTO held VALUES (1)", args: [], argTypes: [] });
  const count = await adapter.queryRaw({
    sql: "SELECT count(*)::int AS n FROM held",
    args: [],
    argTypes: [],
  });
  process.stdout.write(
    `ready ${Math.round(performance.now() - started)} rows ${String(count.rows[0]![0])}\n`,
  );
  setInterval(() => {}, 60_000);
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(err instanceof DataDirBusyError ? 3 : 1);
});
