import "server-only";
import { NextResponse } from "next/server";
import type { z } from "zod";
import { noStore } from "./errors";

/**
 * A JSON answer checked against the response schema the browser parses it with, so a route
 * cannot drift from its contract unnoticed. A mismatch is a bug on this side: it becomes a
 * plain 500 (not a 400 "validation" error, which would blame the caller).
 */
export function respond<S extends z.ZodType>(
  schema: S,
  data: z.input<S>,
  init: { status?: number; headers?: Record<string, string> } = {},
): NextResponse<z.output<S>> {
  const checked = schema.safeParse(data);
  if (!checked.success) {
    throw new Error(`response does not match its schema: ${checked.error.issues[0]?.message}`);
  }
  return NextResponse.json(checked.data, {
    status: init.status ?? 200,
    headers: { ...noStore, ...init.headers },
  });
}
