import { expect, test, type Response } from "@playwright/test";
import { collectConsoleErrors, setLocale } from "./helpers";

// The prerendered public pages as a browser gets them: rewritten to the locale cookie's page and
// given that page's script-hash CSP by next.config.ts (no proxy on an anonymous visitor's way:
// lib/security/public-page-routes.ts). A policy whose hashes did not match the served HTML would
// block React's inline scripts: the page would log CSP errors and Login would stay disabled.
const cases = [
  { locale: "en", dir: "ltr", login: "Login" },
  { locale: "ar", dir: "rtl", login: "دخول" },
  { locale: "de", dir: "ltr", login: "Einloggen" },
] as const;

function scriptSrc(res: Response | null) {
  const csp = res?.headers()["content-security-policy"] ?? "";
  return /script-src ([^;]*)/.exec(csp)?.[1] ?? "";
}

for (const { locale, dir, login } of cases) {
  test(`/ and /login in ${locale}: the locale's page, its hash policy, Login enabled`, async ({
    page,
  }) => {
    const errors = collectConsoleErrors(page);
    await setLocale(page, locale);
    const landing = await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    await expect(page.locator("html")).toHaveAttribute("dir", dir);
    const landingScripts = scriptSrc(landing);
    expect(landingScripts).toMatch(/'sha256-/);
    expect(landingScripts).not.toMatch(/unsafe-inline|nonce-|__DIALFLOW/);
    // The answer depends on cookies: no shared cache may keep it. (Next writes its own Vary on
    // app pages over any configured one, with the proxy as without it.)
    expect(landing?.headers()["cache-control"]).toBe("private, no-cache");

    const signIn = await page.goto("/login");
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    expect(scriptSrc(signIn)).toMatch(/'sha256-/);
    // Enabled only once React hydrated the page: its inline scripts ran under the policy.
    await expect(page.locator('button[type="submit"]')).toBeEnabled();
    await expect(page.locator('button[type="submit"]')).toContainText(login);
    expect(errors).toEqual([]);
  });
}

test("a stale session cookie still gets the locale's page and its policy", async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await setLocale(page, "ar");
  const url = new URL(page.url() === "about:blank" ? "http://127.0.0.1" : page.url());
  await page
    .context()
    .addCookies([{ name: "session", value: "stale", domain: url.hostname, path: "/" }]);
  const res = await page.goto("/register");
  expect(res?.status()).toBe(200);
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  expect(scriptSrc(res)).toMatch(/'sha256-/);
  await expect(page.locator('button[type="submit"]')).toBeEnabled();
  expect(errors).toEqual([]);
});

test("the landing's icons are drawn from one cached sprite", async ({ page }) => {
  const sprites: Response[] = [];
  page.on("response", (res) => {
    if (/\/_next\/static\/media\/icons\.[^/]+\.svg$/.test(new URL(res.url()).pathname)) {
      sprites.push(res);
    }
  });
  const landing = await page.goto("/");
  // Pages carry no ETag: Next would hash each one it sends (next.config.ts).
  expect(landing?.headers()["etag"]).toBeUndefined();
  const icon = page.locator("#features svg:has(use)").first();
  await expect(icon).toBeVisible();
  await expect.poll(() => sprites.length).toBe(1);
  expect(sprites[0].status()).toBe(200);
  expect(sprites[0].headers()["content-type"]).toBe("image/svg+xml");
  expect(sprites[0].headers()["cache-control"]).toContain("immutable");
  // The symbol is there and drawn at the badge's size.
  const href = await icon.locator("use").getAttribute("href");
  expect(href).toMatch(/#skip-forward$/);
  expect(await sprites[0].text()).toContain('<symbol id="skip-forward"');
  const box = await icon.boundingBox();
  expect(box?.width).toBe(20);
  expect(box?.height).toBe(20);
  // The <use> drew the symbol's shapes (a wrong id or a sprite that did not load draws nothing).
  await expect
    .poll(() =>
      icon.locator("use").evaluate((use) => {
        const b = (use as SVGGraphicsElement).getBBox();
        return b.width > 0 && b.height > 0;
      }),
    )
    .toBe(true);
});
