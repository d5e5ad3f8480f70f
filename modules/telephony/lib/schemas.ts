/**
 * The telephony API: request and response bodies of the operator console's
 * /api/admin/telephony routes and the reps' /api/telephony routes, shared by the route handlers
 * and the browser (browser-safe, no server code). The rules themselves are in ./line-rules.ts.
 */
import { z } from "zod";
import type { KeySource } from "@/lib/security/encryption-key";
import { dialedDigitsSchema, placeIdSchema } from "@/modules/calls/lib/schemas";
import { callerIdSchema } from "./caller-id-schemas";
import {
  checkIceServer,
  checkSecret,
  checkSipDomain,
  checkWsUrl,
  credentialModes,
  dtmfModes,
  ICE_SERVERS_MAX,
  lineErrorText,
  type LineError,
} from "./line-rules";

const isoTime = z.iso.datetime({ offset: true });

/** A zod refinement from one of the line rules. */
const rule =
  (check: (value: string) => LineError | null) => (value: string, ctx: z.RefinementCtx) => {
    const error = check(value);
    if (error) ctx.addIssue({ code: "custom", message: lineErrorText[error] });
  };

const blankToUndefined = (v: string | null | undefined) => (v ? v : undefined);

const iceServerBodySchema = z
  .strictObject({
    urls: z.string().trim(),
    username: z.string().trim().nullish(),
    credential: z.string().nullish(),
  })
  .superRefine((server, ctx) => {
    // Lines use time-limited credentials (the one credential mode): a TURN server may be left
    // without its own, and each rep's minted ones take their place.
    const problem = checkIceServer(server, { mintedTurn: true });
    if (problem) {
      ctx.addIssue({
        code: "custom",
        path: [problem.field],
        message: lineErrorText[problem.error],
      });
    }
  })
  .transform((s) => ({
    urls: s.urls,
    username: blankToUndefined(s.username),
    credential: blankToUndefined(s.credential),
  }));

/**
 * PUT /api/admin/telephony/:organizationId: the whole line. `secret` is write-only: omitted (or
 * empty) keeps the stored one, required when the organization has none (checked by the server,
 * which knows); it never comes back in any answer.
 */
export const lineSettingsBodySchema = z.strictObject({
  wsUrl: z.string().trim().superRefine(rule(checkWsUrl)),
  sipDomain: z.string().trim().toLowerCase().superRefine(rule(checkSipDomain)),
  iceServers: z
    .array(iceServerBodySchema)
    .max(ICE_SERVERS_MAX, lineErrorText.iceTooMany)
    .default([]),
  dtmfMode: z.enum(dtmfModes).default("rfc4733"),
  credentialMode: z.enum(credentialModes).default("ephemeral"),
  secret: z
    .string()
    .optional()
    .superRefine((value, ctx) => {
      const error = checkSecret(value, false);
      if (error) ctx.addIssue({ code: "custom", message: lineErrorText[error] });
    })
    .transform(blankToUndefined),
});
export type LineSettingsBody = z.infer<typeof lineSettingsBodySchema>;
export type LineSettingsInput = z.input<typeof lineSettingsBodySchema>;

export const iceServerSchema = z.object({
  urls: z.string(),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type IceServer = z.infer<typeof iceServerSchema>;

/** A line's settings that its reps' browsers need (and may see): never the secret. */
export const lineSettingsSchema = z.object({
  wsUrl: z.string(),
  sipDomain: z.string(),
  iceServers: z.array(iceServerSchema),
  dtmfMode: z.enum(dtmfModes),
  credentialMode: z.enum(credentialModes),
});
export type LineSettings = z.infer<typeof lineSettingsSchema>;

/**
 * The secret as the console sees it: whether one is stored and can be read with this server's
 * key (`unreadable`: the key is missing or is not the one it was stored with; enter it again).
 */
export const secretStates = ["set", "unreadable"] as const;

export const operatorLineSchema = lineSettingsSchema.extend({
  secretState: z.enum(secretStates),
  secretSetAt: isoTime,
  updatedAt: isoTime,
  updatedBy: z.string(),
});
export type OperatorLine = z.infer<typeof operatorLineSchema>;

export const telephonyOrganizationSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  callerId: z.string().nullable(),
  line: operatorLineSchema.nullable(),
  /** The organization's caller IDs, oldest first. */
  callerIds: z.array(callerIdSchema),
});
export type TelephonyOrganization = z.infer<typeof telephonyOrganizationSchema>;

/** Where the key that encrypts line secrets comes from (lib/security/encryption-key.ts). */
export const keySources = ["env", "generated", "missing"] as const satisfies readonly KeySource[];

/** GET /api/admin/telephony: every organization (by name) with its line, if any. */
export const telephonyOverviewSchema = z.object({
  encryption: z.object({ source: z.enum(keySources) }),
  organizations: z.array(telephonyOrganizationSchema),
  /** More organizations exist than one answer lists. */
  truncated: z.boolean(),
});
export type TelephonyOverview = z.infer<typeof telephonyOverviewSchema>;

/** GET and PUT /api/admin/telephony/:organizationId. */
export const telephonyOrganizationResponseSchema = z.object({
  organization: telephonyOrganizationSchema,
});

/** DELETE /api/admin/telephony/:organizationId. */
export const lineRemovedResponseSchema = z.object({
  organizationId: z.uuid(),
  removed: z.literal(true),
});

export const organizationParamsSchema = z.object({ organizationId: z.uuid() });

/**
 * What a line test ended with: `registered` (the edge accepted a REGISTER with minted
 * credentials), `rejected` (a final error status, `status` and `reason` say which), `timeout`,
 * `connect_failed` (the WebSocket did not open), `closed` (it closed before a final answer),
 * `subprotocol` (it opened without `sip`), `challenge_unsupported` (a digest challenge this client
 * cannot answer), `secret_unreadable`, `unavailable` (this server has no WebSocket client).
 */
export const lineTestCodes = [
  "registered",
  "rejected",
  "timeout",
  "connect_failed",
  "closed",
  "subprotocol",
  "challenge_unsupported",
  "secret_unreadable",
  "unavailable",
] as const;
export type LineTestCode = (typeof lineTestCodes)[number];

/**
 * The Test line's safety checks (./line-safety.ts): four INVITEs the edge must refuse
 * ("refused"; "accepted" means it let the call past), its media relay and its TURN server
 * ("passed" / "failed"), and "not_checked" where the edge gave no answer to judge by.
 */
export const safetyCheckIds = [
  "unsigned",
  "tampered",
  "expired",
  "replayed",
  "media_relay",
  "turn",
] as const;
export type SafetyCheckId = (typeof safetyCheckIds)[number];
export const safetyCheckSchema = z.object({
  id: z.enum(safetyCheckIds),
  outcome: z.enum(["refused", "accepted", "passed", "failed", "not_checked"]),
  status: z.number().int().nullable(),
  reason: z.string().nullable(),
});
export type SafetyCheck = z.infer<typeof safetyCheckSchema>;
export const lineSafetySchema = z.object({
  /** Every unauthorised INVITE was refused by the edge. */
  safe: z.boolean(),
  /** At least one went past it: a browser could ring any number. */
  unsafe: z.boolean(),
  checks: z.array(safetyCheckSchema),
});
export type LineSafety = z.infer<typeof lineSafetySchema>;

/** POST /api/admin/telephony/:organizationId/test. Never holds the secret or the password. */
export const lineTestResultSchema = z.object({
  ok: z.boolean(),
  code: z.enum(lineTestCodes),
  connected: z.boolean(),
  registered: z.boolean(),
  /** The SIP status of the last final response, null when none came. */
  status: z.number().int().nullable(),
  reason: z.string().nullable(),
  /** The subprotocol the edge chose ("sip" per RFC 7118), null when it did not open. */
  subprotocol: z.string().nullable(),
  /** Milliseconds from start to the WebSocket opening / to the final REGISTER response. */
  connectMs: z.number().nullable(),
  registerMs: z.number().nullable(),
  totalMs: z.number(),
  testedAt: isoTime,
  /** Run once the line registered; null before. */
  safety: lineSafetySchema.nullable(),
});
export type LineTestResult = z.infer<typeof lineTestResultSchema>;

/** GET /api/telephony/line: the rep's own organization's line, or none (simulated calls). */
export const repLineResponseSchema = z.discriminatedUnion("configured", [
  z.object({ configured: z.literal(false) }),
  z.object({
    configured: z.literal(true),
    line: lineSettingsSchema.extend({
      /** The rep's SIP user (their user id) and address of record on this line. */
      sipUser: z.string(),
      sipUri: z.string(),
    }),
  }),
]);
export type RepLineResponse = z.infer<typeof repLineResponseSchema>;

/**
 * POST /api/telephony/credentials: time-limited SIP credentials for the signed-in rep
 * (`authorizationUsername` / `authorizationPassword` of the REGISTER). Refresh before expiresAt.
 */
export const credentialsResponseSchema = z.object({
  username: z.string(),
  password: z.string(),
  sipUri: z.string(),
  expiresAt: isoTime,
  ttlSeconds: z.number().int().positive(),
});
export type CredentialsResponse = z.infer<typeof credentialsResponseSchema>;

/**
 * POST /api/telephony/authorize: what the rep is about to dial, read as a call record reads it.
 * `powerDial`: the call is a power-dial session's, to `placeId`; unless the rep chose to include
 * closed businesses, the server holds it to the business's calling window. `powerDial.parallel`:
 * one of a parallel dial's lines; a number whose call the team abandoned within its
 * noRedialHours is refused (403 `abandoned_recently`).
 */
export const authorizeBodySchema = z
  .strictObject({
    dialedDigits: dialedDigitsSchema,
    placeId: placeIdSchema.nullish(),
    powerDial: z
      .strictObject({ includeClosed: z.boolean(), parallel: z.boolean().optional() })
      .optional(),
  })
  .refine((body) => !body.powerDial || !!body.placeId, {
    path: ["placeId"],
    message: "A power-dial call names its business",
  });
export type AuthorizeBody = z.infer<typeof authorizeBodySchema>;

/**
 * The signed call authorisation for the X-DialFlow-Authorization header of the INVITE, the
 * number to dial (E.164: the INVITE's Request-URI user) and the caller ID the edge presents.
 */
export const authorizeResponseSchema = z.object({
  authorization: z.string(),
  number: z.string(),
  callerId: z.string().nullable(),
  expiresAt: isoTime,
});
export type AuthorizeResponse = z.infer<typeof authorizeResponseSchema>;

/**
 * POST /api/telephony/authorize-transfer: a transfer of the rep's call to a teammate (their user
 * id, also their SIP user) through the team's edge, or (`purpose: "consult"`) the consultation
 * call of a warm transfer to them.
 */
export const authorizeTransferBodySchema = z.strictObject({
  teammateId: z.uuid(),
  purpose: z.enum(["transfer", "consult"]).optional(),
});
export type AuthorizeTransferBody = z.infer<typeof authorizeTransferBodySchema>;

/** The signed authorisation for the REFER's Refer-To headers, and the SIP user it names. */
export const authorizeTransferResponseSchema = z.object({
  authorization: z.string(),
  user: z.string(),
  expiresAt: isoTime,
});
export type AuthorizeTransferResponse = z.infer<typeof authorizeTransferResponseSchema>;
