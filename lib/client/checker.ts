// What browser code needs of a schema: `safeParse`. zod schemas fit, and so do the small
// hand-written checks of the public pages, which must not load zod (~32 KiB gz) for a token and
// a username (the first-load budget). The server keeps validating with zod.

export type CheckIssue = { message: string };

export type CheckResult<T> =
  { success: true; data: T } | { success: false; error: { issues: readonly CheckIssue[] } };

export type Checker<T> = { safeParse(value: unknown): CheckResult<T> };

/** The value type a checker (or zod schema) gives back. */
export type Checked<S> = S extends Checker<infer T> ? T : never;

/** A checker from a type guard; `message` describes what was expected. */
export function checker<T>(isValid: (value: unknown) => value is T, message: string): Checker<T> {
  return {
    safeParse(value) {
      return isValid(value)
        ? { success: true, data: value }
        : { success: false, error: { issues: [{ message }] } };
    },
  };
}

export function isNonEmptyString(value: unknown): value is string {
  return typeof value === "string" && value.length > 0;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
