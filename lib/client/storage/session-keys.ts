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

/** A credential kept as a plain string (readable by the spec's other clients as it is). */
const credentialKey = (name: string, area: "local" | "session") =>
  defineKey({
    name,
    version: 1,
    area,
    scope: "global",
    format: "plain",
    schema: storedToken,
    fallback: null,
  });

/** Spec: the session token and username live in local storage as plain strings. */
export const sessionTokenKey = credentialKey("auth.token", "local");
export const sessionUserKey = credentialKey(SESSION_USER_ITEM, "local");

/**
 * Spec 7: the console's operator token, per tab in session storage. Plain, so a console opened
 * from a bookmark in the same tab keeps it without a format of its own.
 */
export const operatorTokenKey = credentialKey("admin.token", "session");
