// Local caller ID end to end: an operator keeps the e2e organization's caller IDs in
// the console, and each real call's INVITE, as the SIP test peer receives it, asserts the number
// the server chose for that business in P-Asserted-Identity: the one in the business's area code,
// else the default. The e2e server's edge check (tests/e2e/server.mjs) refuses an INVITE whose
// P-Asserted-Identity is not the authorisation's signed caller ID. The call record keeps the number
// and Call History finds the call by it. The line and the numbers are removed afterwards: later
// spec files share the organization and expect the simulated dialer and no pool.
import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { callsResponseSchema } from "@/modules/calls/lib/schemas";
import type { TelephonyOrganization } from "@/modules/telephony/lib/schemas";
import { wcagTags } from "./axe";
import { dialerParts } from "./dialer-helpers";
import { expect, test } from "./fixtures";
import { setLocale } from "./helpers";
import {
  configureE2eLine,
  e2eOrganizationTelephony,
  e2eSipDomain,
  fakeMediaLaunchOptions,
  peerNumbers,
  removeE2eLine,
  SipPeerControl,
  withApi,
} from "./sip-fixture";

test.use({ launchOptions: fakeMediaLaunchOptions(), signedInAs: "rep" });
test.describe.configure({ mode: "serial" });

/** The default (New York) and the number local to the peer's Austin (512) numbers. */
const newYork = "+12125550123";
const austin = "+15125550199";
/** A California business the peer answers busy: no number there, so the default. */
const californiaDigits = "4155550188";

let organization: TelephonyOrganization;
let peer: SipPeerControl;

async function removeCallerIds(api: APIRequestContext, token: string) {
  const org = await e2eOrganizationTelephony(api, token);
  for (const c of org.callerIds) {
    const res = await api.delete(`/api/admin/telephony/${org.id}/caller-ids/${c.id}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
}

test.beforeAll(async ({ operatorSession }, testInfo) => {
  const baseURL = testInfo.project.use.baseURL;
  organization = await withApi(baseURL, async (api) => {
    await removeCallerIds(api, operatorSession.token);
    return configureE2eLine(api, operatorSession.token, baseURL);
  });
  peer = new SipPeerControl(baseURL);
});

test.afterAll(async ({ operatorSession }, testInfo) => {
  await withApi(testInfo.project.use.baseURL, async (api) => {
    await removeCallerIds(api, operatorSession.token);
    await removeE2eLine(api, operatorSession.token);
  });
  await peer.configure({ numbers: { [`1${californiaDigits}`]: null } });
});

const pool = (page: Page) => page.getByTestId("caller-id-pool");

async function openPool(page: Page) {
  await page.goto("/adminconsole/console");
  await page.getByTestId("telephony-org").selectOption(organization.id);
  await expect(pool(page)).toBeVisible();
}

test("the operator adds the team's caller IDs in the console: a bad number is refused and changes nothing", async ({
  operatorPage: page,
}) => {
  await openPool(page);
  const number = pool(page).getByLabel("Number");
  const add = pool(page).getByRole("button", { name: "Add number" });
  await number.fill("call me");
  await add.click();
  await expect(pool(page).getByText("Not a phone number")).toBeVisible();
  await expect(pool(page).getByTestId("caller-id-row")).toHaveCount(0);

  // A region outside the number's country is refused as typed.
  await number.fill("+1 212 555 0123");
  await pool(page).getByLabel("Region (optional)").fill("GB-LND");
  await add.click();
  await expect(pool(page).getByText("The region must be in the number's country.")).toBeVisible();
  await pool(page).getByLabel("Region (optional)").fill("");
  await add.click();
  await expect(pool(page).getByText("Caller ID added.")).toBeVisible();

  // By keyboard: Enter in the field adds the number.
  await number.fill("(512) 555-0199");
  await number.press("Enter");
  const rows = pool(page).getByTestId("caller-id-row");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText("+1 212 555 0123");
  await expect(rows.nth(0)).toContainText("Default");
  await expect(rows.nth(1)).toContainText("+1 512 555 0199");
  await expect(rows.nth(1)).toContainText("US-TX");
});

test("the section reads right to left in Arabic, dark theme, with the numbers left to right", async ({
  operatorPage: page,
}, testInfo) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/adminconsole/console");
  await setLocale(page, "ar");
  await openPool(page);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(pool(page).getByText("أرقام المتصل (حضور محلي)")).toBeVisible();
  const shown = pool(page).getByTestId("caller-id-row").first().locator("bdi").first();
  await expect(shown).toHaveAttribute("dir", "ltr");
  await expect(shown).toHaveText("+1 212 555 0123");
  await pool(page).screenshot({ path: testInfo.outputPath("caller-ids-ar-dark.png") });
  // The section alone (the console's other panels have their own gate in a11y.spec.ts).
  const { violations } = await new AxeBuilder({ page })
    .withTags(wcagTags)
    .include('[data-testid="caller-id-pool"]')
    .analyze();
  expect(violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});

/** Opens the app, waits for the line, dials `digits`; returns the peer's record of the INVITE. */
async function dial(page: Page, digits: string) {
  await page.goto("/app");
  await expect(page.getByTestId("line-indicator")).toHaveAttribute(
    "data-line-state",
    "registered",
    { timeout: 20_000 },
  );
  const before = (await peer.calls()).length;
  const d = dialerParts(page);
  await d.number.fill(digits);
  await d.call.click();
  await expect.poll(async () => (await peer.calls()).length, { timeout: 15_000 }).toBe(before + 1);
  // The peer lists the call at its first INVITE, which it challenges (407); the headers read
  // here are the authenticated INVITE's, recorded once the peer has checked its authorisation.
  return peer.waitForCall((await peer.lastCall())!.id, (c) => c.authorization !== null, {
    message: `the INVITE to ${digits} is authenticated and its authorisation checked`,
  });
}

const asserted = (number: string) => `<sip:${number}@${e2eSipDomain};user=phone>`;

test("a call to a business in 512 presents the Austin number in its INVITE, and the record keeps it", async ({
  page,
  request,
  repSession,
}) => {
  await peer.reset();
  const call = await dial(page, peerNumbers.busy);
  expect(call.number).toBe(`+1${peerNumbers.busy}`);
  expect(call.assertedIdentity).toBe(asserted(austin));
  expect(call.authorization?.accepted, call.authorizationError).toBe(true);
  await expect(dialerParts(page).status).toHaveAttribute("data-status", "ended");

  // The dialer's record of the call reaches the server; Call History finds it by the number.
  let found: ReturnType<typeof callsResponseSchema.parse>["calls"] = [];
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/calls/search?q=${encodeURIComponent(austin)}`, {
          headers: { Authorization: `Bearer ${repSession.token}` },
        });
        found = callsResponseSchema.parse(await res.json()).calls;
        return found.some((c) => c.dialedNumber === `+1${peerNumbers.busy}`);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  expect(found.every((c) => c.originatingNumber === austin)).toBe(true);

  // The Call Log shows it on the call.
  await page.goto("/app/call-log");
  const row = page.locator(`[data-testid="call-log-row"][data-call-id="${found[0]!.id}"]`);
  await expect(row.getByTestId("call-log-caller-id")).toHaveText("Caller ID (512) 555-0199");
});

test("a call to a business with no local number presents the default", async ({ page }) => {
  await peer.reset();
  await peer.configure({ numbers: { [`1${californiaDigits}`]: "busy" } });
  const call = await dial(page, californiaDigits);
  expect(call.assertedIdentity).toBe(asserted(newYork));
  expect(call.authorization?.accepted, call.authorizationError).toBe(true);
});
