// temporary (not committed): layout-shift sources on /app/targets
import { chromium } from "@playwright/test";
const base = process.env.BASE;
const res = await fetch(`${base}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ username: "e2e.rep", password: "e2e-rep-password" }) });
const { token } = await res.json();
const cookie = res.headers.getSetCookie().map((c) => c.split(";")[0])[0];
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
const context = await browser.newContext({ baseURL: base });
const [name, value] = cookie.split("=", 2);
await context.addCookies([{ name, value, url: base }]);
await context.addInitScript(`
  localStorage.setItem("auth.token", ${JSON.stringify(token)});
  localStorage.setItem("auth.user", "e2e.rep");
  window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__shifts.push({ value: e.value, t: e.startTime, sources: (e.sources||[]).map(s => ({ node: s.node ? (s.node.nodeName + "." + (s.node.className||"") + " " + (s.node.getAttribute?.("data-testid")||"") + " " + (s.node.textContent||"").slice(0,40)) : null, prev: JSON.stringify(s.previousRect), cur: JSON.stringify(s.currentRect) })) });
  }).observe({ type: "layout-shift", buffered: true });
`);
const page = await context.newPage();
for (let i = 0; i < 2; i++) {
  await page.goto(`/app/targets?q=${encodeURIComponent(`dentists in Austin ${i}`)}&ts=${Date.now()}`);
  await page.getByTestId("targets-status").filter({ hasText: "20 places enriched" }).waitFor({ timeout: 60000 });
  await page.waitForTimeout(300);
  console.log(JSON.stringify(await page.evaluate("window.__shifts"), null, 1));
}
await browser.close();
