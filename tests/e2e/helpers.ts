import { expect, type Browser, type BrowserContextOptions, type Page } from "@playwright/test";
import { e2eAccounts } from "./accounts";

type Account = { username: string; password: string };

/** Signs in through the real sign-in screen and waits for the dashboard. */
export async function login(page: Page, account: Account = e2eAccounts.rep): Promise<void> {
  await page.goto("/login");
  await page.locator("#username").fill(account.username);
  await page.locator("#password").fill(account.password);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL(/\/app$/);
  await expect(page.locator("h1")).toBeVisible();
}

/** Sets the UI language the way Settings does (cookie), for tests that start in a given language. */
export async function setLocale(page: Page, locale: "en" | "ar" | "de"): Promise<void> {
  const url = new URL(page.url() === "about:blank" ? "http://127.0.0.1" : page.url());
  await page
    .context()
    .addCookies([{ name: "NEXT_LOCALE", value: locale, domain: url.hostname, path: "/" }]);
}

/** Collects console errors and uncaught exceptions (the quality bar: no console errors). */
export function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(String(e)));
  return errors;
}

/**
 * How long a Targets search may take to enrich its 20 results (five detail fetches at a time).
 * On a quiet machine about 3 s; beside another shard on two cores, past the default 10 s.
 */
export const ENRICHED_TIMEOUT_MS = 30_000;

/** Waits until the Targets search has enriched its results ("Ready."). */
export async function expectTargetsReady(page: Page): Promise<void> {
  await expect(page.getByTestId("targets-status")).toHaveAttribute("data-status", "ready", {
    timeout: ENRICHED_TIMEOUT_MS,
  });
}

/**
 * The colleague (same organization as the e2e rep, not a manager), signed in through the API in a
 * browser context of its own: for specs where two people of one team work side by side.
 */
export async function colleagueBrowser(
  browser: Browser,
  baseURL: string | undefined,
  options: BrowserContextOptions = {},
) {
  const context = await browser.newContext({ ...options, baseURL });
  const res = await context.request.post("/api/auth/login", { data: e2eAccounts.colleague });
  expect(res.status()).toBe(200);
  const { token } = (await res.json()) as { token: string };
  await context.addInitScript(
    ([t, user]) => {
      localStorage.setItem("auth.token", t);
      localStorage.setItem("auth.user", user);
    },
    [token, e2eAccounts.colleague.username] as const,
  );
  return { page: await context.newPage(), close: () => context.close() };
}
