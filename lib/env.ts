import "server-only";
import path from "node:path";
import { z } from "zod";

// The only module that reads process.env. Everything else imports `env`.
const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  APP_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default(".data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must be a postgres:// URL")
    .optional(),
  AUTH_SECRET: z.string().min(32, "AUTH_SECRET must be at least 32 characters").optional(),
  /** Number of reverse proxies in front of the app whose X-Forwarded-For entries are trusted. */
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(5).default(0),
  USER_SESSION_HOURS: z.coerce.number().min(0.05).max(12).default(12),
  OPERATOR_SESSION_MINUTES: z.coerce.number().min(1).max(60).default(60),
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).max(100).default(5),
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  MAX_BODY_BYTES: z.coerce.number().int().min(1024).max(10_000_000).default(65_536),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "SMTP_URL must be smtp:// or smtps://")
    .optional(),
  SMTP_FROM: z.string().min(3).default("DialFlow <no-reply@localhost>"),
  EMAIL_TOKEN_TTL_MINUTES: z.coerce.number().int().min(1).max(10_080).default(60),
  EMAIL_DAILY_CAP: z.coerce.number().int().min(1).max(1000).default(10),
  PLACES_API_KEY: z.string().min(1).optional(),
  PLACES_API_BASE_URL: z.url().default("https://places.googleapis.com"),
  /** Audit events older than this many days are deleted by the hourly housekeeping. */
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
});

export type Env = z.infer<typeof schema>;

function load(): Env {
  const raw = Object.fromEntries(
    Object.entries(process.env).map(([k, v]) => [k, v === "" ? undefined : v]),
  );
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const env = parsed.data;
  if (env.NODE_ENV === "production" && env.DATABASE_URL && !env.AUTH_SECRET) {
    throw new Error(
      "Invalid configuration: AUTH_SECRET is required in production with DATABASE_URL",
    );
  }
  return env;
}

export const env = load();

export const dataDir = path.resolve(env.DATA_DIR);
export const isEmbedded = !env.DATABASE_URL;
export const isProduction = env.NODE_ENV === "production";
export const appUrl = env.APP_URL ?? `http://localhost:${env.PORT}`;
