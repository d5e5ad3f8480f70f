import { z } from "zod";

// Request and response shapes of the operator console's API (/api/admin/ops/...), shared by
// the route handlers and the console's API client.

export const serviceActions = ["start", "stop", "restart"] as const;
export type ServiceAction = (typeof serviceActions)[number];

const identifier = z.string().min(1).max(128);

/** Exactly one of service (allow-list name) or unit (allow-listed unit); nothing else. */
export const serviceActionBodySchema = z
  .strictObject({
    action: z.enum(serviceActions),
    service: identifier.optional(),
    unit: identifier.optional(),
  })
  .refine((b) => (b.service === undefined) !== (b.unit === undefined), {
    message: "Give exactly one of service or unit",
  });
export type ServiceActionBody = z.infer<typeof serviceActionBodySchema>;

export const logTargets = ["apache_error", "apache_access", "auth_audit"] as const;
export type LogTarget = (typeof logTargets)[number];
export const logLineChoices = [100, 200, 300, 400, 500] as const;
export const defaultLogLines = 200;
export const auditTailDefault = 120;
export const auditTailMore = 250;
export const envPanelMax = 19;

const lineCount = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,4}$/, "lines must be a whole number")
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

export const logsQuerySchema = z.strictObject({
  target: z.enum(logTargets),
  lines: lineCount(100, 500),
});

export const auditTailQuerySchema = z.strictObject({
  lines: lineCount(1, 500).optional(),
});

export const serviceStateSchema = z.object({
  service: z.string(),
  unit: z.string(),
  /** systemctl is-active's answer (active, inactive, failed, ...), or unavailable. */
  state: z.string(),
});
export type ServiceState = z.infer<typeof serviceStateSchema>;
export const statusResponseSchema = z.object({
  services: z.array(serviceStateSchema),
  systemctl: z.enum(["available", "unavailable"]),
});

export const serviceActionResponseSchema = z.object({
  ok: z.boolean(),
  detail: z.string().optional(),
  error: z.string().optional(),
  code: z.string().optional(),
});

export const logsResponseSchema = z.object({
  ok: z.boolean(),
  log: z.string(),
  error: z.string().optional(),
  target: z.enum(logTargets).optional(),
  lines: z.number().optional(),
  /** True when the tail hit the byte bound before finding every requested line. */
  truncated: z.boolean().optional(),
  /** The log's file does not exist (yet): an empty log, not an error. */
  missing: z.boolean().optional(),
});

export const metricsResponseSchema = z.object({
  process: z.object({ pid: z.number(), uptimeSec: z.number() }),
  memory: z.object({ rss: z.number(), heapUsed: z.number() }),
  load: z.array(z.number()),
  cpus: z.number(),
});

const fsFiguresSchema = z
  .object({
    freeBytes: z.number().nonnegative(),
    totalBytes: z.number().nonnegative(),
    usedPercent: z.number().min(0).max(100),
  })
  .nullable();

/** The spec's two texts, and their figures for the console to format per language. */
export const diskResponseSchema = z.object({
  root: z.string(),
  data: z.string(),
  figures: z.object({ root: fsFiguresSchema, data: fsFiguresSchema }).optional(),
});

export const sysinfoResponseSchema = z.object({
  platform: z.string(),
  release: z.string(),
  arch: z.string(),
  hostname: z.string(),
  uptimeSec: z.number(),
  totalMem: z.number(),
});

export const dbSummaryResponseSchema = z.object({
  users: z.number(),
  adminUsers: z.number(),
  organizations: z.number(),
  sizeBytes: z.number(),
  engine: z.enum(["pglite", "postgresql"]).optional(),
});

export const versionResponseSchema = z.object({ version: z.string(), commit: z.string() });

export const envResponseSchema = z.object({ env: z.record(z.string(), z.string()) });

export const checkpointResponseSchema = z.object({
  ok: z.boolean(),
  ms: z.number().optional(),
  error: z.string().optional(),
});

export const backupResponseSchema = z.object({
  ok: z.boolean(),
  file: z.object({ name: z.string(), size: z.number(), createdAt: z.string() }).optional(),
  engine: z.enum(["pglite", "postgresql"]).optional(),
  removed: z.array(z.string()).optional(),
  error: z.string().optional(),
});

export const cacheClearResponseSchema = z.object({
  ok: z.boolean(),
  cleared: z.array(z.object({ name: z.string(), entries: z.number() })),
});

/** An action the server refused before running anything (409 busy, 400 not configured or unsafe). */
export const opsRefusalSchema = z.object({
  ok: z.literal(false),
  error: z.string(),
  code: z.string(),
});

export const buildAssetSchema = z.object({ path: z.string(), size: z.number() });
export const buildDeployResponseSchema = z.object({
  ok: z.boolean(),
  error: z.string().nullable(),
  ms: z.number(),
  assets: z.array(buildAssetSchema),
  build: z.object({ ms: z.number() }),
  deploy: z.object({ ms: z.number() }),
});
export type BuildDeployResult = z.infer<typeof buildDeployResponseSchema>;

export const buildPhases = ["idle", "build", "deploy", "done", "failed"] as const;
export const buildStatusResponseSchema = z.object({
  configured: z.boolean(),
  /** The variables to set when unconfigured. */
  missing: z.array(z.string()),
  running: z.boolean(),
  phase: z.enum(buildPhases),
  operator: z.string().nullable(),
  startedAt: z.string().nullable(),
  elapsedMs: z.number().nullable(),
  lines: z.array(z.string()),
  result: buildDeployResponseSchema.nullable(),
});
export type BuildStatus = z.infer<typeof buildStatusResponseSchema>;

export const auditTailResponseSchema = z.object({ ok: z.boolean(), log: z.string() });
