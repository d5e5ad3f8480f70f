/**
 * Signed-in pages for e2e specs, through Playwright fixtures instead of signing in by hand.
 *
 *     import { test, expect } from "./fixtures";
 *
 *     test("shows the dashboard", async ({ repPage }) => {
 *       await repPage.goto("/app");
 *       await expect(repPage.getByRole("heading", { level: 1 })).toBeVisible();
 *     });
 *
 * - `repPage`: a page in its own browser context whose storage state holds the e2e rep's
 *   session (the httpOnly session cookie plus `auth.token` / `auth.user` in local storage),
 *   so it opens /app signed in. It honours the spec's `test.use()` options (viewport, locale,
 *   colour scheme, touch), so phone-sized specs work the same way.
 * - `operatorPage`: the same for the admin console: the operator cookie, and the console token
 *   in session storage (which storage state does not carry, so it is seeded once per tab).
 * - `repSession` / `operatorSession`: the token and username behind them, for API calls.
 * - `test.use({ signedInAs: "rep" })` makes the ordinary `page` of every test in the file (or
 *   describe block) signed in the same way, for specs that want `page` itself.
 * - Otherwise `page` stays signed out, as in plain Playwright.
 *
 * The sign-in happens once per worker through POST /api/auth/login (and /api/admin/login).
 * A spec that signs out or revokes the session must not use these (it would end the shared
 * session for the specs after it): sign in through the screen with `login(page)` from
 * ./helpers instead.
 */
import { test as base, expect, type Browser, type Page } from "@playwright/test";
import { e2eAccounts } from "./accounts";

export { expect };

type StorageState = Exclude<Parameters<Browser["newContext"]>[0], undefined>["storageState"];

export type E2eSession = {
  token: string;
  username: string;
  /** The context storage state that carries this session. */
  storageState: Exclude<StorageState, string | undefined>;
};

type WorkerFixtures = { repSession: E2eSession; operatorSession: E2eSession };
type TestFixtures = { repPage: Page; operatorPage: Page; signedInAs: "rep" | null };

async function apiSignIn(
  browser: Browser,
  baseURL: string,
  path: "/api/auth/login" | "/api/admin/login",
  account: { username: string; password: string },
  storageItems: (token: string) => { name: string; value: string }[],
): Promise<E2eSession> {
  const context = await browser.newContext({ baseURL });
  try {
    const res = await context.request.post(path, { data: account });
    expect(res.status(), `${path} for ${account.username}`).toBe(200);
    const body = (await res.json()) as { token: string; user?: { username: string } };
    const username = body.user?.username ?? account.username;
    const state = await context.storageState();
    return {
      token: body.token,
      username,
      storageState: {
        cookies: state.cookies,
        origins: [{ origin: new URL(baseURL).origin, localStorage: storageItems(body.token) }],
      },
    };
  } finally {
    await context.close();
  }
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  signedInAs: [null, { option: true }],

  storageState: async ({ storageState, signedInAs, repSession }, use) => {
    await use(signedInAs === "rep" ? repSession.storageState : storageState);
  },

  repSession: [
    async ({ browser }, use, workerInfo) => {
      const baseURL = String(workerInfo.project.use.baseURL);
      await use(
        await apiSignIn(browser, baseURL, "/api/auth/login", e2eAccounts.rep, (token) => [
          { name: "auth.token", value: token },
          { name: "auth.user", value: e2eAccounts.rep.username },
        ]),
      );
    },
    { scope: "worker" },
  ],

  operatorSession: [
    async ({ browser }, use, workerInfo) => {
      const baseURL = String(workerInfo.project.use.baseURL);
      await use(
        await apiSignIn(browser, baseURL, "/api/admin/login", e2eAccounts.operator, () => []),
      );
    },
    { scope: "worker" },
  ],

  repPage: async (
    {
      browser,
      repSession,
      baseURL,
      viewport,
      locale,
      colorScheme,
      isMobile,
      hasTouch,
      userAgent,
      deviceScaleFactor,
    },
    use,
  ) => {
    const context = await browser.newContext({
      baseURL,
      viewport,
      locale,
      colorScheme,
      isMobile,
      hasTouch,
      userAgent,
      deviceScaleFactor,
      storageState: repSession.storageState,
    });
    await use(await context.newPage());
    await context.close();
  },

  operatorPage: async (
    { browser, operatorSession, baseURL, viewport, locale, colorScheme, userAgent },
    use,
  ) => {
    const context = await browser.newContext({
      baseURL,
      viewport,
      locale,
      colorScheme,
      userAgent,
      storageState: operatorSession.storageState,
    });
    // Seed the console token once per tab, so a console sign-out is not undone on reload.
    await context.addInitScript((token) => {
      if (sessionStorage.getItem("e2e.operator.seeded")) return;
      sessionStorage.setItem("e2e.operator.seeded", "1");
      sessionStorage.setItem("admin.token", token);
    }, operatorSession.token);
    await use(await context.newPage());
    await context.close();
  },
});
