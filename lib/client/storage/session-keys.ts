import "client-only";
import { checker, isNonEmptyString } from "@/lib/client/checker";
import { defineKey, SESSION_USER_ITEM } from "./core";

// The credentials' keys (listed with every other key in keys.ts, which re-exports these). They
// live apart, checked by hand instead of with zod, so the sign-in page and the API client reach
// them without zod and the other keys' schemas.

/** A non-empty string, or null (zod's `z.string().min(1).nullable()`). */
const storedToken = checker(
  (value: unknown): value is string | null => value === null || isNonEmptyString(value),
  "Expected a non-empty string",
);

/** Spec: the session token and username live in local storage as plain strings. */
export const sessionTokenKey = defineKey({
  name: "auth.token",
  version: 1,
  area: "local",
  scope: "global",
  format: "plain",
  schema: storedToken,
  fallback: null,
});

export const sessionUserKey = defineKey({
  name: SESSION_USER_ITEM,
  version: 1,
  area: "local",
  scope: "global",
  format: "plain",
  schema: storedToken,
  fallback: null,
});

/**
 * Spec 7: the console's operator token, per tab in session storage. Plain, so a console opened
 * from a bookmark in the same tab keeps it without a format of its own.
 */
export const operatorTokenKey = defineKey({
  name: "admin.token",
  version: 1,
  area: "session",
  scope: "global",
  format: "plain",
  schema: storedToken,
  fallback: null,
});
