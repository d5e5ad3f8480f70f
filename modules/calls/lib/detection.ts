import "server-only";
import { Prisma, type DetectionVerdict } from "@/lib/generated/prisma/client";
import type { CallDto, CallPutBody, DetectionCause } from "./schemas";

// Answering-machine detection on the call record: how PUT /api/calls/:id stores it (its five
// columns, set together and never changed, outbound calls only) and how the DTO answers it.

/** The five columns as the body sets them; all null when it sets none. */
export type DetectionColumns = {
  verdict: DetectionVerdict | null;
  cause: DetectionCause | null;
  atMs: number | null;
  overridden: boolean | null;
  automaticVoicemail: boolean | null;
};

const none: DetectionColumns = {
  verdict: null,
  cause: null,
  atMs: null,
  overridden: null,
  automaticVoicemail: null,
};

/**
 * The body's detection as the columns store it. An inbound call's is dropped rather than
 * refused: nothing on an inbound call is detected, and a 4xx would lose the call's record.
 */
export function detectionColumnsOf(body: CallPutBody, inbound: boolean): DetectionColumns {
  const d = body.detection;
  if (!d || inbound) return none;
  return {
    verdict: d.verdict,
    cause: d.cause,
    atMs: d.atMs,
    overridden: d.overridden,
    automaticVoicemail: d.automaticVoicemail,
  };
}

/** The INSERT's column list and its values, in the same order. */
export const detectionInsertColumns = Prisma.raw(
  `"detectionVerdict", "detectionCause", "detectionAtMs", "detectionOverridden", "automaticVoicemail"`,
);
export const detectionInsertValues = (d: DetectionColumns) =>
  Prisma.sql`${d.verdict}::"DetectionVerdict", ${d.cause}::text, ${d.atMs}::int,
    ${d.overridden}::boolean, ${d.automaticVoicemail}::boolean`;

// Only an outbound call that has none yet takes one: the stored direction decides (a later body
// cannot change it), and the first detection stays whatever later bodies say.
const open = Prisma.sql`"detectionVerdict" IS NULL AND "direction" = 'outbound'`;

/** The UPDATE's SET clauses (each ending in a comma): the five columns fill in together. */
export function detectionFillIn(d: DetectionColumns): Prisma.Sql {
  const set = (column: string, value: Prisma.Sql) =>
    Prisma.sql`${Prisma.raw(`"${column}"`)} = CASE WHEN ${open} THEN ${value} ELSE ${Prisma.raw(`"${column}"`)} END,`;
  return Prisma.join(
    [
      set("detectionVerdict", Prisma.sql`${d.verdict}::"DetectionVerdict"`),
      set("detectionCause", Prisma.sql`${d.cause}::text`),
      set("detectionAtMs", Prisma.sql`${d.atMs}::int`),
      set("detectionOverridden", Prisma.sql`${d.overridden}::boolean`),
      set("automaticVoicemail", Prisma.sql`${d.automaticVoicemail}::boolean`),
    ],
    "\n      ",
  );
}

/** The UPDATE's condition that this body fills the detection in. */
export const detectionFills = (d: DetectionColumns) =>
  Prisma.sql`(${open} AND ${d.verdict}::"DetectionVerdict" IS NOT NULL)`;

type StoredDetection = {
  detectionVerdict: DetectionVerdict | null;
  detectionCause: string | null;
  detectionAtMs: number | null;
  detectionOverridden: boolean | null;
  automaticVoicemail: boolean | null;
};

/** The stored detection as the DTO answers it; null when none was stored. */
export function detectionOf(row: StoredDetection): CallDto["detection"] {
  const { detectionVerdict, detectionCause, detectionAtMs, detectionOverridden } = row;
  if (detectionVerdict === null || detectionCause === null || detectionAtMs === null) return null;
  return {
    verdict: detectionVerdict,
    // Only the route writes the column, from its enum of causes.
    cause: detectionCause as DetectionCause,
    atMs: detectionAtMs,
    overridden: detectionOverridden ?? false,
    automaticVoicemail: row.automaticVoicemail ?? false,
  };
}
