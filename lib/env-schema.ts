import "server-only";
import { z } from "zod";
import { parseArgvJson, parseDays, parseServiceList, parseWindow } from "@/lib/env-parsers";

// The configuration's rules, as a check that never throws: lib/env.ts applies it to
// process.env (and refuses to load on a problem), and instrumentation.ts runs it first at start,
// so that a bad configuration stops the server in one line naming every bad setting instead of
// failing every request.

export const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  APP_URL: z.url().optional(),
  /** Default `.data`; in serverless mode `/tmp/dialflow` (the only writable place there). */
  DATA_DIR: z.string().min(1).optional(),
  /**
   * `serverless`: no disk, no timers, no migrations at start (the build applies them); detected
   * from the platform (VERCEL=1) when unset. `server`: one long-running process (npm start).
   */
  RUNTIME: z.enum(["server", "serverless"]).optional(),
  /** Set by Vercel on its build machines and functions. */
  VERCEL: z.string().optional(),
  /** Vercel's deployment environment; APP_ENV names it on other platforms. */
  VERCEL_ENV: z.enum(["production", "preview", "development"]).optional(),
  /** The deployment's own host name (no scheme), set by Vercel; the app URL when APP_URL is unset. */
  VERCEL_URL: z.string().min(1).optional(),
  APP_ENV: z.enum(["production", "preview", "development"]).optional(),
  /**
   * Recipient domains a non-production deployment may mail, comma separated (a domain also
   * allows its subdomains). The reserved test domains (example.com, *.test, ...) always are.
   */
  MAIL_ALLOWED_DOMAINS: z
    .string()
    .default("")
    .transform((v) =>
      v
        .split(",")
        .map((d) => d.trim().toLowerCase().replace(/^@/, ""))
        .filter(Boolean),
    ),
  /** The bearer secret the housekeeping cron route requires (Vercel sends `Bearer $CRON_SECRET`). */
  CRON_SECRET: z.string().min(16, "CRON_SECRET must be at least 16 characters").optional(),
  /** Rows each housekeeping run deletes per table at most (a cron call stays short). */
  HOUSEKEEPING_BATCH: z.coerce.number().int().min(1).max(1_000_000).default(5000),
  /** `1`: the build (or db:migrate) creates the demo rep and operator on a PostgreSQL database. */
  SEED_DEMO: z
    .enum(["true", "false", "1", "0"])
    .default("false")
    .transform((v) => v === "true" || v === "1"),
  /** The demo accounts' password with SEED_DEMO (never printed). */
  DEMO_PASSWORD: z.string().min(12, "DEMO_PASSWORD must be at least 12 characters").optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must be a postgres:// URL")
    .optional(),
  AUTH_SECRET: z.string().min(32, "AUTH_SECRET must be at least 32 characters").optional(),
  /** Number of reverse proxies in front of the app whose X-Forwarded-For entries are trusted. */
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(5).default(0),
  USER_SESSION_HOURS: z.coerce.number().min(0.05).max(12).default(12),
  OPERATOR_SESSION_MINUTES: z.coerce.number().min(1).max(60).default(60),
  /**
   * `1`: every operator must sign in with a second factor; one without it sees only its set-up in
   * the console until it is on (lib/api/handler.ts `withOperator`).
   */
  OPERATOR_REQUIRE_TWO_FACTOR: z
    .enum(["true", "false", "1", "0"])
    .default("false")
    .transform((v) => v === "true" || v === "1"),
  /** Failed sign-ins per account and client address before that pair waits out the window. */
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).max(100).default(5),
  /**
   * Failed sign-ins per account from any addresses before every attempt on it (the right
   * password too) waits: 1 s, doubling with each further failure up to 15 minutes.
   */
  LOGIN_ACCOUNT_FAILURES: z.coerce.number().int().min(1).max(1000).default(10),
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  MAX_BODY_BYTES: z.coerce.number().int().min(1024).max(10_000_000).default(65_536),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "SMTP_URL must be smtp:// or smtps://")
    .optional(),
  SMTP_FROM: z.string().min(3).default("DialFlow <no-reply@localhost>"),
  EMAIL_TOKEN_TTL_MINUTES: z.coerce.number().int().min(1).max(10_080).default(60),
  EMAIL_DAILY_CAP: z.coerce.number().int().min(1).max(1000).default(10),
  /** Invitation mails (new and resent) an organization may send per day. */
  INVITATION_DAILY_CAP: z.coerce.number().int().min(1).max(10_000).default(50),
  PLACES_API_KEY: z.string().min(1).optional(),
  PLACES_API_BASE_URL: z.url().default("https://places.googleapis.com"),
  /** Upstream places calls give up after this long (504 to the browser). */
  PLACES_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** Per-rep budgets for the key's quota, counted in the database. */
  PLACES_SEARCH_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(30),
  PLACES_DETAILS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(300),
  /** Per-rep budgets of the calls API, counted in the database. */
  CALLS_WRITES_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(600),
  CALLS_READS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(600),
  REPORT_EXPORTS_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(10),
  /** Server-side details cache shared by every rep of this instance. */
  PLACES_DETAILS_CACHE_MAX: z.coerce.number().int().min(0).max(1_000_000).default(5000),
  PLACES_DETAILS_CACHE_TTL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(3600),
  /**
   * Opt-in: the search asks for phone, hours and location itself (one Enterprise call per page)
   * so that the browser needs no details call per place. Off: the spec's flow.
   */
  PLACES_SEARCH_INCLUDES_CONTACT: z
    .enum(["true", "false", "1", "0"])
    .default("false")
    .transform((v) => v === "true" || v === "1"),
  /** Power dialing: how long a business being dialed stays reserved for one rep. */
  DIAL_RESERVATION_MINUTES: z.coerce.number().int().min(1).max(10_080).default(60),
  /** Power dialing: seconds between one call's disposition and the next dial. */
  DIAL_COUNTDOWN_SECONDS: z.coerce.number().int().min(1).max(60).default(5),
  /** Parallel dialing: the most lines the edge allows one rep to dial at once (1-5). */
  DIAL_MAX_LINES: z.coerce.number().int().min(1).max(5).default(3),
  /** Power dialing: a business called by the team within this many hours is skipped. */
  DIAL_RECENT_HOURS: z.coerce.number().int().min(0).max(720).default(24),
  /** The calling window, business-local time, for places that publish no opening hours. */
  DIAL_WINDOW: z
    .string()
    .default("09:00-18:00")
    .transform((value, ctx) => {
      const parsed = parseWindow(value);
      if (!parsed) {
        ctx.addIssue({ code: "custom", message: "DIAL_WINDOW must look like 09:00-18:00" });
        return z.NEVER;
      }
      return parsed;
    }),
  /** Days the calling window applies on, 0 = Sunday: "1-5", "0,6", "1-3,5". */
  DIAL_WINDOW_DAYS: z
    .string()
    .default("1-5")
    .transform((value, ctx) => {
      const parsed = parseDays(value);
      if (!parsed) {
        ctx.addIssue({ code: "custom", message: "DIAL_WINDOW_DAYS must look like 1-5 or 0,6" });
        return z.NEVER;
      }
      return parsed;
    }),
  /**
   * Encrypts each organization's telephony shared secret at rest (lib/security/encryption-key.ts).
   * Unset: generated once into DATA_DIR, as AUTH_SECRET is; in production with DATABASE_URL and in
   * serverless mode no key is generated, and no line can be saved or used until it is set.
   */
  TELEPHONY_ENCRYPTION_KEY: z
    .string()
    .min(32, "TELEPHONY_ENCRYPTION_KEY must be at least 32 characters")
    .optional(),
  /**
   * Test setting only: `1` lets webhooks reach private, loopback and link-local
   * addresses and plain http (a receiver on this machine). Refused in production and under any
   * production build (NODE_ENV=production), whatever APP_ENV says.
   */
  WEBHOOK_ALLOW_PRIVATE: z
    .enum(["true", "false", "1", "0"])
    .default("false")
    .transform((v) => v === "true" || v === "1"),
  /** A webhook delivery gives up after this long (connect, send and the answer). */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(500).max(30_000).default(10_000),
  /** How often a long-running server drains the webhook outbox. */
  WEBHOOK_DRAIN_SECONDS: z.coerce.number().int().min(1).max(3600).default(5),
  /**
   * Call recordings: stored under DATA_DIR/recordings unless an S3-compatible bucket
   * is named (required in serverless mode, which has no disk to keep them on).
   */
  RECORDING_S3_BUCKET: z.string().min(3).max(63).optional(),
  /** An S3-compatible endpoint (Cloudflare R2, MinIO); unset: AWS S3 in RECORDING_S3_REGION. */
  RECORDING_S3_ENDPOINT: z.url().optional(),
  RECORDING_S3_REGION: z.string().min(1).default("us-east-1"),
  /** Unset: the AWS SDK's own credential chain (instance role, AWS_* variables). */
  RECORDING_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  RECORDING_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Path-style bucket URLs; default on with an endpoint (MinIO needs them), off for AWS. */
  RECORDING_S3_FORCE_PATH_STYLE: z
    .enum(["true", "false", "1", "0"])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === "true" || v === "1")),
  /** Recordings older than this many days lose their audio in the hourly housekeeping. */
  RECORDING_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /** The largest chunk the browser may upload (bytes); it sends one every few seconds. */
  RECORDING_MAX_CHUNK_BYTES: z.coerce.number().int().min(1024).max(10_000_000).default(1_048_576),
  /** The largest recording (bytes): about 4 hours of voice at 32 kbit/s by default. */
  RECORDING_MAX_BYTES: z.coerce.number().int().min(1024).max(2_000_000_000).default(100_000_000),
  /**
   * The most recording audio one organization may keep (bytes, recordings not yet deleted by
   * retention): past it, new recordings and chunks are refused until retention frees space.
   * 10 GB by default, about 700 hours of voice at 32 kbit/s.
   */
  RECORDING_ORG_QUOTA_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(10_000_000_000_000)
    .default(10_000_000_000),
  /** Audit events older than this many days are deleted by the hourly housekeeping. */
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /**
   * The browser key for the drawer's map popup. Read at run time here and handed to the page
   * (a browser key is public by nature; restrict it to your domain), so one build serves any key.
   */
  NEXT_PUBLIC_GOOGLE_MAPS_API_KEY: z.string().trim().min(1).optional(),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  /** The build's commit, shown by the console's Version panel (set by the deploy). */
  SOURCE_COMMIT: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,64}$/, "SOURCE_COMMIT must be a commit id")
    .optional(),
  /** The operator console's allow-list: `name=unit` pairs, comma separated. */
  OPS_SERVICES: z
    .string()
    .default("apache=apache2.service,auth=dialflow-auth.service")
    .transform((value, ctx) => {
      const parsed = parseServiceList(value);
      if (typeof parsed === "string") {
        ctx.addIssue({ code: "custom", message: parsed });
        return z.NEVER;
      }
      return parsed;
    }),
  OPS_SYSTEMCTL: z.string().min(1).default("systemctl"),
  OPS_COMMAND_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(300).default(20),
  OPS_LOG_APACHE_ERROR: z.string().min(1).default("/var/log/apache2/error.log"),
  OPS_LOG_APACHE_ACCESS: z.string().min(1).default("/var/log/apache2/access.log"),
  /** Where backups go; default DATA_DIR/backups. */
  OPS_BACKUP_DIR: z.string().min(1).optional(),
  OPS_BACKUP_KEEP: z.coerce.number().int().min(1).max(365).default(7),
  OPS_PG_DUMP: z.string().min(1).default("pg_dump"),
  /** JSON argv arrays, run without a shell: `["npm","run","build"]`. */
  OPS_BUILD_COMMAND: z
    .string()
    .optional()
    .transform((value, ctx) => argv(value, "OPS_BUILD_COMMAND", ctx)),
  OPS_DEPLOY_COMMAND: z
    .string()
    .optional()
    .transform((value, ctx) => argv(value, "OPS_DEPLOY_COMMAND", ctx)),
  OPS_BUILD_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(7200).default(900),
  OPS_DEPLOY_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(7200).default(300),
  /** The distDir the build command writes to (passed to it as NEXT_DIST_DIR); never the served one. */
  OPS_BUILD_DIST_DIR: z.string().min(1).default(".next-staging"),
});

function argv(value: string | undefined, name: string, ctx: z.RefinementCtx) {
  if (value === undefined) return undefined;
  const parsed = parseArgvJson(value);
  if (typeof parsed === "string") {
    ctx.addIssue({ code: "custom", message: `${name} ${parsed}` });
    return z.NEVER;
  }
  return parsed;
}

export type Env = z.infer<typeof schema>;

type Source = Record<string, string | undefined>;

/** Whether these settings ask for serverless mode (Vercel, or RUNTIME=serverless). */
export function serverlessRequested(raw: Source) {
  return raw.RUNTIME === "serverless" || (raw.RUNTIME === undefined && raw.VERCEL === "1");
}

/**
 * Every problem with a configuration, each naming its setting (empty when it is valid), and the
 * parsed settings when they parse. Empty values count as unset. `atStart`: also what a serving
 * instance needs that a build or a command-line tool does not (serverless mode's settings).
 */
export function checkConfiguration(
  source: Source,
  { atStart = false } = {},
): { env: Env | null; problems: string[] } {
  const raw: Source = Object.fromEntries(
    Object.entries(source).map(([k, v]) => [k, v === "" ? undefined : v]),
  );
  // Vercel names the deployed commit itself; the console's Version panel shows it.
  raw.SOURCE_COMMIT ??= raw.VERCEL_GIT_COMMIT_SHA;
  const parsed = schema.safeParse(raw);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
  const seedDemo = raw.SEED_DEMO === "1" || raw.SEED_DEMO === "true";
  if (seedDemo && raw.DATABASE_URL && !raw.DEMO_PASSWORD) {
    problems.push("DEMO_PASSWORD: SEED_DEMO=1 with DATABASE_URL needs DEMO_PASSWORD");
  }
  const serverless = serverlessRequested(raw);
  if (serverless && atStart) {
    // No lasting disk there for the embedded database, the generated secret, the mail outbox or
    // call recordings: each needs its service, or the instance would start and lose what it keeps.
    const missing = ["DATABASE_URL", "AUTH_SECRET", "SMTP_URL", "RECORDING_S3_BUCKET"].filter(
      (name) => !raw[name],
    );
    if (missing.length) {
      const why =
        raw.RUNTIME === "serverless"
          ? "RUNTIME=serverless"
          : "serverless platform detected (VERCEL=1)";
      problems.push(
        `${why} needs ${missing.join(", ")} (no writable disk for the embedded database, ` +
          `auth secret, mail outbox or call recordings). Missing: ${missing.join(", ")}.`,
      );
    }
  }
  // Recordings: half an S3 configuration is a mistake, not a reason to fall back to the disk.
  if (!raw.RECORDING_S3_ACCESS_KEY_ID !== !raw.RECORDING_S3_SECRET_ACCESS_KEY) {
    problems.push(
      "RECORDING_S3_ACCESS_KEY_ID: RECORDING_S3_ACCESS_KEY_ID and RECORDING_S3_SECRET_ACCESS_KEY go together",
    );
  }
  if (!raw.RECORDING_S3_BUCKET && (raw.RECORDING_S3_ENDPOINT || raw.RECORDING_S3_ACCESS_KEY_ID)) {
    problems.push("RECORDING_S3_BUCKET: required when other RECORDING_S3_* settings are set");
  }
  // (At a serverless start the line above already names it.)
  if (
    !(serverless && atStart) &&
    (raw.NODE_ENV ?? "development") === "production" &&
    raw.DATABASE_URL &&
    !raw.AUTH_SECRET
  ) {
    problems.push("AUTH_SECRET: required in production with DATABASE_URL");
  }
  // A production build refuses it whatever the deployment calls itself: APP_ENV and VERCEL_ENV
  // are labels anyone can set, and a preview or "development" label on a production build still
  // serves real teams, whose webhooks must not reach this machine's private network.
  const deployment =
    raw.APP_ENV ??
    raw.VERCEL_ENV ??
    ((raw.NODE_ENV ?? "development") === "production" ? "production" : "development");
  if (
    (deployment === "production" || raw.NODE_ENV === "production") &&
    (raw.WEBHOOK_ALLOW_PRIVATE === "1" || raw.WEBHOOK_ALLOW_PRIVATE === "true")
  ) {
    problems.push("WEBHOOK_ALLOW_PRIVATE: a test setting, refused in production builds");
  }
  return { env: parsed.success && problems.length === 0 ? parsed.data : null, problems };
}

/** The one line a start prints when the configuration has problems, or null. */
export function startRefusal(source: Source): string | null {
  const { problems } = checkConfiguration(source, { atStart: true });
  return problems.length
    ? `Refusing to start: invalid configuration: ${problems.join("; ")}`
    : null;
}
