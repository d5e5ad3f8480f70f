import type { Checker, CheckResult } from "./checker";

// Small composable checks for browser code that must not load zod (~32 KiB gz): the /app shell's
// stored values (call outbox, preferences) and the API answers it reads on every page. Each rule
// mirrors one zod schema and gives back what zod's parse would: unknown object keys dropped,
// strings trimmed where the schema trims. The server keeps validating with zod. Rules for API
// answers are generated from their schemas (scripts/gen-client-rules.ts, lib/client/generated);
// unit tests (tests/unit/client-rules.test.ts) hold every rule to its schema.

const INVALID: unique symbol = Symbol("invalid");
type Invalid = typeof INVALID;

export type Rule<T> = Checker<T> & {
  /** The checked (and normalised) value, or INVALID. */
  run(value: unknown): T | Invalid;
  /** Absent keys of an object are allowed (zod's `.optional()`). */
  readonly optional?: boolean;
};

function rule<T>(run: (value: unknown) => T | Invalid, optional?: boolean): Rule<T> {
  return {
    run,
    optional,
    safeParse(value): CheckResult<T> {
      const out = run(value);
      return out === INVALID
        ? { success: false, error: { issues: [{ message: "Invalid value" }] } }
        : { success: true, data: out };
    },
  };
}

export type RuleType<R> = R extends Rule<infer T> ? T : never;

/** zod's `z.unknown()`: anything (an answer whose body is not needed). */
export const unknownValue = rule<unknown>((value) => value);

export const boolean = rule<boolean>((value) => (typeof value === "boolean" ? value : INVALID));

export function literal<const T extends string | number | boolean>(expected: T): Rule<T> {
  return rule((value) => (value === expected ? expected : INVALID));
}

export function oneOf<const T extends string>(values: readonly T[]): Rule<T> {
  return rule((value) => (values.includes(value as T) ? (value as T) : INVALID));
}

type StringOptions = { trim?: boolean; min?: number; max?: number; pattern?: RegExp };

/** zod's `z.string()` with `.trim()` (applied first), `.min()`, `.max()`, `.regex()`. */
export function string(options: StringOptions = {}): Rule<string> {
  return rule((value) => {
    if (typeof value !== "string") return INVALID;
    const text = options.trim ? value.trim() : value;
    if (options.min !== undefined && text.length < options.min) return INVALID;
    if (options.max !== undefined && text.length > options.max) return INVALID;
    if (options.pattern && !options.pattern.test(text)) return INVALID;
    return text;
  });
}

type NumberOptions = { int?: boolean; min?: number; max?: number; step?: number };

/** zod's `z.number()` (finite only), with `.int()` (safe integers), `.min()`, `.max()`, `.multipleOf()`. */
export function number(options: NumberOptions = {}): Rule<number> {
  return rule((value) => {
    if (typeof value !== "number" || !Number.isFinite(value)) return INVALID;
    if (options.int && !Number.isSafeInteger(value)) return INVALID;
    if (options.min !== undefined && value < options.min) return INVALID;
    if (options.max !== undefined && value > options.max) return INVALID;
    if (options.step !== undefined && value % options.step !== 0) return INVALID;
    return value;
  });
}

/** `z.number().int().nonnegative()`. */
export const count = number({ int: true, min: 0 });

// zod 4's z.uuid() (RFC 9562, any version, plus the nil and max UUIDs).
const uuidPattern =
  /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;
export const uuid = string({ pattern: uuidPattern });

// zod 4's z.iso.datetime(): UTC ("Z"), seconds required, any fraction of a second.
const isoDateTimePattern =
  /^(?:(?:\d\d[2468][048]|\d\d[13579][26]|\d\d0[48]|[02468][048]00|[13579][26]00)-02-29|\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|(?:02)-(?:0[1-9]|1\d|2[0-8])))T(?:(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?(?:Z))$/;
export const isoDateTime = string({ pattern: isoDateTimePattern });

// z.iso.datetime({ offset: true }): "Z" or a "+hh:mm" offset.
const isoDateTimeOffsetPattern =
  /^(?:(?:\d\d[2468][048]|\d\d[13579][26]|\d\d0[48]|[02468][048]00|[13579][26]00)-02-29|\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|(?:02)-(?:0[1-9]|1\d|2[0-8])))T(?:(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?(?:Z|([+-](?:[01]\d|2[0-3]):[0-5]\d)))$/;
export const isoDateTimeWithOffset = string({ pattern: isoDateTimeOffsetPattern });

export function nullable<T>(inner: Rule<T>): Rule<T | null> {
  return rule((value) => (value === null ? null : inner.run(value)));
}

export function optional<T>(inner: Rule<T>): Rule<T | undefined> {
  return rule((value) => (value === undefined ? undefined : inner.run(value)), true);
}

/** zod's `.default(value)`: undefined reads as `fallback`. */
export function withDefault<T>(inner: Rule<T>, fallback: T): Rule<T> {
  return rule((value) => (value === undefined ? fallback : inner.run(value)), true);
}

/** zod's `.refine(check)`, run on the checked value. */
export function refine<T>(inner: Rule<T>, check: (value: T) => boolean): Rule<T> {
  return rule((value) => {
    const out = inner.run(value);
    return out !== INVALID && check(out) ? out : INVALID;
  }, inner.optional);
}

export function array<T>(item: Rule<T>, options: { max?: number } = {}): Rule<T[]> {
  return rule((value) => {
    if (!Array.isArray(value)) return INVALID;
    if (options.max !== undefined && value.length > options.max) return INVALID;
    const out: T[] = [];
    for (const entry of value) {
      const checked = item.run(entry);
      if (checked === INVALID) return INVALID;
      out.push(checked);
    }
    return out;
  });
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

type Shape = Record<string, Rule<unknown>>;
type OptionalKeys<S extends Shape> = {
  [K in keyof S]: S[K] extends { optional: true }
    ? K
    : undefined extends RuleType<S[K]>
      ? K
      : never;
}[keyof S];
export type ObjectOf<S extends Shape> = {
  [K in Exclude<keyof S, OptionalKeys<S>>]: RuleType<S[K]>;
} & { [K in OptionalKeys<S>]?: RuleType<S[K]> };

/** zod's `z.object(shape)`: keys outside the shape are dropped, as zod's parse does. */
export function object<S extends Shape>(
  shape: S,
): Rule<{ [K in keyof ObjectOf<S>]: ObjectOf<S>[K] }> {
  const keys = Object.keys(shape);
  return rule((value) => {
    if (!isPlainObject(value)) return INVALID;
    const out: Record<string, unknown> = {};
    for (const key of keys) {
      const present = key in value;
      const checked = shape[key].run(value[key]);
      if (checked === INVALID) return INVALID;
      // zod leaves an absent optional key absent (a default fills it in).
      if (present || checked !== undefined) out[key] = checked;
    }
    return out as { [K in keyof ObjectOf<S>]: ObjectOf<S>[K] };
  });
}

/** zod's `z.record(z.string(), value)`. */
export function record<T>(item: Rule<T>): Rule<Record<string, T>> {
  return rule((value) => {
    if (!isPlainObject(value)) return INVALID;
    const out: Record<string, T> = {};
    for (const key of Object.keys(value)) {
      const checked = item.run(value[key]);
      if (checked === INVALID) return INVALID;
      out[key] = checked;
    }
    return out;
  });
}

/** zod's `z.partialRecord(z.enum(keys), value)`: only the listed keys, each optional. */
export function partialRecord<const K extends string, T>(
  keys: readonly K[],
  item: Rule<T>,
): Rule<Partial<Record<K, T>>> {
  return rule((value) => {
    if (!isPlainObject(value)) return INVALID;
    const out: Partial<Record<K, T>> = {};
    for (const key of Object.keys(value)) {
      if (!keys.includes(key as K)) return INVALID;
      const checked = item.run(value[key]);
      if (checked === INVALID) return INVALID;
      out[key as K] = checked;
    }
    return out;
  });
}

/** An object literal (or JSON.parse's output); not a Date, Map or class instance. */
function isLiteralObject(value: unknown): value is Record<string, unknown> {
  if (!isPlainObject(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function isJson(value: unknown, depth = 0): boolean {
  if (depth > 64) return false;
  if (value === null || typeof value === "string" || typeof value === "boolean") return true;
  if (typeof value === "number") return Number.isFinite(value);
  if (Array.isArray(value)) return value.every((entry) => isJson(entry, depth + 1));
  if (isLiteralObject(value))
    return Object.values(value).every((entry) => isJson(entry, depth + 1));
  return false;
}

/** A JSON object (`z.record(z.string(), json)`). */
export const jsonObject = rule<Record<string, unknown>>((value) =>
  isLiteralObject(value) && isJson(value) ? value : INVALID,
);
