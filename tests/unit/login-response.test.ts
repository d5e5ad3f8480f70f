import { describe, expect, it } from "vitest";
import { loginResponseSchema } from "@/lib/auth/schemas";
import { challengeAnswer, loginAnswer } from "@/modules/sign-in/client/login";
import { twoFactorChallengeSchema } from "@/lib/two-factor/schemas";
import { sessionTokenKey } from "@/lib/client/storage";

// The sign-in page checks the login answer and the stored token by hand (no zod in its first
// load); they must accept and reject exactly what the server's zod schemas do.
const answers: unknown[] = [
  { token: "t", user: { username: "rep" } },
  { token: "t", user: { username: "rep", extra: 1 }, more: true },
  { token: "", user: { username: "rep" } },
  { token: "t", user: { username: "" } },
  { token: "t", user: null },
  { token: "t", user: [] },
  { token: 1, user: { username: "rep" } },
  { token: "t" },
  { user: { username: "rep" } },
  null,
  [],
  "token",
  undefined,
];

describe("login answer checker", () => {
  it.each(answers.map((a) => [JSON.stringify(a) ?? "undefined", a]))(
    "agrees with loginResponseSchema on %s",
    (_, answer) => {
      const mine = loginAnswer.safeParse(answer);
      const zods = loginResponseSchema.safeParse(answer);
      expect(mine.success).toBe(zods.success);
      if (mine.success && zods.success) {
        expect(mine.data.token).toBe(zods.data.token);
        expect(mine.data.user.username).toBe(zods.data.user.username);
      } else if (!mine.success) {
        expect(mine.error.issues[0]?.message).toMatch(/token/);
      }
    },
  );

  it("the stored token accepts a non-empty string or null only", () => {
    expect(sessionTokenKey.schema.safeParse("abc")).toEqual({ success: true, data: "abc" });
    expect(sessionTokenKey.schema.safeParse(null)).toEqual({ success: true, data: null });
    for (const bad of ["", 1, {}, undefined]) {
      expect(sessionTokenKey.schema.safeParse(bad).success).toBe(false);
    }
  });

  // The answer that asks for the second step.
  const challenges: unknown[] = [
    { twoFactorRequired: true, challenge: "c", user: { username: "rep" } },
    { twoFactorRequired: true, challenge: "c", user: { username: "rep" }, extra: 1 },
    { twoFactorRequired: false, challenge: "c", user: { username: "rep" } },
    { twoFactorRequired: "true", challenge: "c", user: { username: "rep" } },
    { twoFactorRequired: true, challenge: "", user: { username: "rep" } },
    { twoFactorRequired: true, challenge: "c", user: { username: "" } },
    { twoFactorRequired: true, challenge: "c" },
    { challenge: "c", user: { username: "rep" } },
    { token: "t", user: { username: "rep" } },
    null,
  ];
  it.each(challenges.map((a) => [JSON.stringify(a), a]))(
    "the challenge checker agrees with twoFactorChallengeSchema on %s",
    (_, answer) => {
      expect(challengeAnswer.safeParse(answer).success).toBe(
        twoFactorChallengeSchema.safeParse(answer).success,
      );
    },
  );
});
