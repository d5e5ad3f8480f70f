// libpq environment variables for a postgres:// URL, so that pg_dump and pg_restore get the
// password through their environment and the command line names no credential.
export function pgConnectionEnv(databaseUrl: string): Record<string, string> {
  const url = new URL(databaseUrl);
  const out: Record<string, string> = {};
  const host = decodeURIComponent(url.hostname || url.searchParams.get("host") || "");
  if (host) out.PGHOST = host.replace(/^\[|\]$/g, "");
  if (url.port) out.PGPORT = url.port;
  if (url.username) out.PGUSER = decodeURIComponent(url.username);
  if (url.password) out.PGPASSWORD = decodeURIComponent(url.password);
  const database = decodeURIComponent(url.pathname.replace(/^\//, ""));
  if (database) out.PGDATABASE = database;
  const sslmode = url.searchParams.get("sslmode");
  if (sslmode) out.PGSSLMODE = sslmode;
  return out;
}
