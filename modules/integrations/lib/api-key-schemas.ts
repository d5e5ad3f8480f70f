/**
 * API keys: the scopes and the bodies of the Settings screen's routes, shared by the
 * route handlers and the browser (browser-safe, no server code).
 */
import { z } from "zod";
import { stepUpFields } from "@/lib/two-factor/schemas";

/** What a key may reach: read or write per resource (writing a call is setting its outcome). */
export const API_KEY_SCOPES = [
  "calls:read",
  "calls:write",
  "do_not_call:read",
  "do_not_call:write",
  "records:read",
  "records:write",
] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** The resources of the REST API and the scopes each has, for the create dialog's grid. */
export const API_KEY_RESOURCES = [
  { resource: "calls", scopes: ["calls:read", "calls:write"] },
  { resource: "do_not_call", scopes: ["do_not_call:read", "do_not_call:write"] },
  { resource: "records", scopes: ["records:read", "records:write"] },
] as const satisfies readonly { resource: string; scopes: readonly ApiKeyScope[] }[];

/** Every key starts with this; the 8 characters after it are its visible prefix. */
export const API_KEY_PREFIX = "df_live_";
/** df_live_ and 43 base64url characters (32 random bytes). */
export const API_KEY_PATTERN = /^df_live_[A-Za-z0-9_-]{43}$/;

export const API_KEYS_MAX = 50;

export const apiKeyCreateBodySchema = z.object({
  name: z.string().trim().min(1, "Name the key").max(80, "At most 80 characters"),
  scopes: z
    .array(z.enum(API_KEY_SCOPES))
    .min(1, "Choose at least one scope")
    .transform((s) => [...new Set(s)].sort()),
  /** A key acts for its creator: making one asks for the password (and a code when it is on). */
  ...stepUpFields,
});
export type ApiKeyCreateBody = z.input<typeof apiKeyCreateBodySchema>;

const isoTime = z.iso.datetime({ offset: true });

export const apiKeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** "df_live_abcd1234": enough to tell keys apart, never enough to use one. */
  prefix: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  createdBy: z.string(),
  createdAt: isoTime,
  lastUsedAt: isoTime.nullable(),
  revokedAt: isoTime.nullable(),
});
export type ApiKeyDto = z.infer<typeof apiKeySchema>;

export const apiKeysResponseSchema = z.object({ keys: z.array(apiKeySchema) });
/** The one answer that carries the secret: shown once, never stored in the clear. */
export const apiKeyCreatedResponseSchema = z.object({ key: apiKeySchema, secret: z.string() });
export const apiKeyParamsSchema = z.object({ id: z.uuid() });
export const apiKeyRevokedResponseSchema = z.object({ revoked: z.literal(true) });
