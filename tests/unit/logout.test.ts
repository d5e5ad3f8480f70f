import { afterEach, expect, it, vi } from "vitest";

// modules/shell/client/logout.ts: signing out clears the stored token, and the shell, seeing no
// token, signs out too. That must not send a second logout nor start a second load of /login
// (which aborts the first: a flaky e2e showed it).
const post = vi.fn();
const clearSession = vi.fn();
vi.mock("@/lib/client/api-client", () => ({
  apiClient: { post: (...args: unknown[]) => post(...args) },
}));
vi.mock("@/lib/client/session", () => ({
  readSession: () => ({ token: "a-token" }),
  clearSession: () => clearSession(),
}));

afterEach(() => {
  vi.unstubAllGlobals();
});

it("signs out once and loads /login once, however often it is asked", async () => {
  const replace = vi.fn();
  vi.stubGlobal("window", { location: { replace } });
  const pending: (() => void)[] = [];
  post.mockImplementation(() => new Promise<void>((resolve) => pending.push(resolve)));
  const { logoutToLogin } = await import("@/modules/shell/client/logout");

  const fromMenu = logoutToLogin();
  const fromShell = logoutToLogin();
  expect(replace).not.toHaveBeenCalled(); // not before the server ended the session
  for (const answer of pending) answer();
  await Promise.all([fromMenu, fromShell]);
  expect(post).toHaveBeenCalledTimes(1);
  expect(clearSession).toHaveBeenCalledTimes(1);
  expect(replace).toHaveBeenCalledTimes(1);
  expect(replace).toHaveBeenCalledWith("/login");
});
