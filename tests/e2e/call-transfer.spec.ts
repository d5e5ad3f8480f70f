// Blind transfer over a real line: the rep's browser sends REFER (RFC 3515) inside the call, the
// SIP test peer, like an edge, rings the teammate's registered browser with the business as the
// caller, and the business's audio moves there: the teammate hears the peer's 440 Hz and the
// peer hears the teammate's microphone (1000 Hz). The rep's leg ends once the teammate answers,
// and both records say what happened: who took the call over and when, and where it came from.
// Warm transfer: the business is held while the rep calls the teammate through the peer (which
// bridges the two browsers' audio), then Join sends REFER with Replaces and the business takes
// the rep's place in that call; or Go back hangs up on the teammate and resumes the business.
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { e2eAccounts } from "./accounts";
import { dialerParts } from "./dialer-helpers";
import { setLocale } from "./helpers";
import { useE2eLine } from "./e2e-line";
import { expect, test } from "./fixtures";
import {
  expectRemoteTone,
  fakeMediaLaunchOptions,
  micToneHz,
  peerNumbers,
  trackPeerConnections,
} from "./sip-fixture";

test.use({ launchOptions: fakeMediaLaunchOptions(), signedInAs: "rep" });
// Two browsers, each registering and placing real media, on a 2-core machine.
test.describe.configure({ timeout: 120_000 });

const line = useE2eLine();

test.beforeEach(async ({ page }) => {
  await line.peer.reset();
  await page.addInitScript(trackPeerConnections);
});

const lineIndicator = (page: Page) => page.getByTestId("line-indicator");

async function openRegistered(page: Page) {
  await page.goto("/app");
  await expect(dialerParts(page).widget).toBeVisible({ timeout: 20_000 });
  await expect(lineIndicator(page)).toHaveAttribute("data-line-state", "registered", {
    timeout: 20_000,
  });
}

/** The colleague's browser in a context of its own, signed in, its line registered. */
async function colleaguePage(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL });
  const login = await context.request.post("/api/auth/login", { data: e2eAccounts.colleague });
  expect(login.status()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const team = await context.request.get("/api/team", {
    headers: { Authorization: `Bearer ${token}` },
  });
  const { members } = (await team.json()) as { members: { id: string; username: string }[] };
  const userId = members.find((m) => m.username === e2eAccounts.colleague.username)!.id;
  await context.addInitScript(
    ([t, name]) => {
      localStorage.setItem("auth.token", t);
      localStorage.setItem("auth.user", name);
    },
    [token, e2eAccounts.colleague.username] as const,
  );
  const page = await context.newPage();
  await page.addInitScript(trackPeerConnections);
  await openRegistered(page);
  return { page, token, userId, close: () => context.close() };
}

type RecordedCall = {
  id: string;
  direction: string;
  transfer?: { at: string; toUserId: string | null; toNumber: string | null } | null;
  transferredFromCallId?: string | null;
};

async function recordedCalls(request: APIRequestContext, token: string) {
  const res = await request.get("/api/calls?limit=100", {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { calls: RecordedCall[] }).calls;
}

/**
 * The records of a transfer to the colleague: the rep's names who took the call over, and the
 * teammate's call (the consultation, then the business, for a warm one) links back to it.
 */
async function expectHandedOver(
  page: Page,
  token: string,
  colleague: Awaited<ReturnType<typeof colleaguePage>>,
) {
  let original: RecordedCall | undefined;
  await expect
    .poll(
      async () =>
        (original = (await recordedCalls(page.request, token)).find((c) => c.transfer))?.transfer
          ?.toUserId,
      { message: "the rep's record names the teammate", timeout: 15_000 },
    )
    .toBe(colleague.userId);
  await expect
    .poll(
      async () =>
        (await recordedCalls(colleague.page.request, colleague.token)).find(
          (c) => c.direction === "inbound" && c.transferredFromCallId === original!.id,
        )?.transferredFromCallId,
      { message: "the teammate's record links to the rep's", timeout: 15_000 },
    )
    .toBe(original!.id);
}

async function connectedCall(page: Page) {
  await openRegistered(page);
  const d = dialerParts(page);
  await d.number.fill(peerNumbers.answer);
  await d.call.click();
  const call = await line.peer.waitForLastCall();
  await expect(d.status).toHaveAttribute("data-status", "in-call", { timeout: 15_000 });
  await line.peer.heardTone(call.id, micToneHz);
  return call;
}

async function transferTo(page: Page, teammate: string) {
  await dialerParts(page).controls.getByRole("button", { name: "Transfer", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Transfer the call" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Teammate").selectOption({ label: teammate });
  await page.screenshot({ path: test.info().outputPath("transfer-dialog.png") });
  // Keyboard: Enter in the form submits Transfer now.
  await dialog.getByRole("button", { name: "Transfer now" }).focus();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
}

/** Opens Transfer, picks the teammate and chooses Talk first, from the keyboard. */
async function talkFirstTo(page: Page, teammate: string) {
  await dialerParts(page).controls.getByRole("button", { name: "Transfer", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Transfer the call" });
  await dialog.getByLabel("Teammate").selectOption({ label: teammate });
  await dialog.getByRole("button", { name: "Talk first" }).focus();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
}

/** The rep consults the teammate, who answers: both calls shown, audio both ways between them. */
async function consultTeammate(page: Page, colleague: Page, businessCallId: string) {
  await talkFirstTo(page, e2eAccounts.colleague.username);
  const panel = page.getByTestId("consult-panel");
  await expect(panel).toBeVisible();
  await expect(panel.getByRole("button", { name: "Join" })).toBeDisabled();
  const ringing = colleague.getByTestId("incoming-call");
  await expect(ringing).toBeVisible({ timeout: 15_000 });
  await ringing.getByRole("button", { name: "Answer", exact: true }).click();
  await expect(panel).toHaveAttribute("data-consult-state", "connected", { timeout: 15_000 });
  await expect(panel.getByTestId("consult-target")).toContainText(e2eAccounts.colleague.username);
  await line.peer.waitForCall(businessCallId, (c) => c.onHold, {
    message: "the business is on hold",
  });
  // Each browser hears the other's microphone through the peer's bridge, not the business.
  await expectRemoteTone(page, micToneHz);
  await expectRemoteTone(colleague, micToneHz);
  await page.screenshot({ path: test.info().outputPath("consultation.png") });
  return panel;
}

test("warm transfer to a teammate: the rep talks to them first, joins, and the business is heard both ways there", async ({
  page,
  browser,
  baseURL,
  repSession,
}) => {
  const colleague = await colleaguePage(browser, String(baseURL));
  try {
    const call = await connectedCall(page);
    const panel = await consultTeammate(page, colleague.page, call.id);
    const joinedAt = Date.now();
    await panel.getByRole("button", { name: "Join" }).click();

    const transferred = await line.peer.waitForCall(
      call.id,
      (c) => c.transfers.length === 1 && c.transfers[0].status === 200,
      { message: "the REFER with Replaces was honoured" },
    );
    const [transfer] = transferred.transfers;
    expect(transfer.target).toBe(colleague.userId);
    expect(transfer.replaces?.callId).toBe(transfer.replaced);
    // The business and the teammate, both ways: the peer hears the teammate on their call, and
    // the teammate now hears the business's 440 Hz instead of the rep.
    await line.peer.heardTone(transfer.callId!, micToneHz, { after: joinedAt });
    await expectRemoteTone(colleague.page);
    // Both of the rep's legs are over: the consultation (the peer's BYE) and the business (BYE).
    await line.peer.waitForCall(transfer.replaced!, (c) => c.status === "ended", {
      message: "the consultation ends",
    });
    await line.peer.waitForCall(call.id, (c) => c.status === "ended" && c.endedBy === "client", {
      message: "the rep's leg ends after the transfer",
    });
    await expect(dialerParts(page).status).toHaveAttribute("data-status", /ended|idle/);
    await expect(panel).toBeHidden();
    await expect(dialerParts(colleague.page).status).toHaveAttribute("data-status", "in-call");

    await dialerParts(colleague.page).end.click();
    await expectHandedOver(page, repSession.token, colleague);
  } finally {
    await colleague.close();
  }
});

test("warm transfer, go back: the teammate's call ends and the business is back", async ({
  page,
  browser,
  baseURL,
}) => {
  const colleague = await colleaguePage(browser, String(baseURL));
  try {
    const call = await connectedCall(page);
    const panel = await consultTeammate(page, colleague.page, call.id);
    await panel.getByRole("button", { name: "Go back" }).focus();
    await page.keyboard.press("Enter");
    await expect(panel).toBeHidden();
    await expect(dialerParts(colleague.page).status).toHaveAttribute("data-status", /ended|idle/);
    await line.peer.waitForCall(call.id, (c) => !c.onHold && c.status === "answered", {
      message: "the business is taken off hold",
    });
    await line.peer.heardTone(call.id, micToneHz, { after: Date.now() });
    await expectRemoteTone(page);
    await expect(dialerParts(page).status).toHaveAttribute("data-status", "in-call");
    expect((await line.peer.call(call.id)).transfers).toEqual([]);
    await dialerParts(page).end.click();
  } finally {
    await colleague.close();
  }
});

test("warm transfer to a number: the consultation is authorised like any call, and Join hands the business over", async ({
  page,
  repSession,
}) => {
  const call = await connectedCall(page);
  await dialerParts(page).controls.getByRole("button", { name: "Transfer", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Transfer the call" });
  await dialog.getByLabel("Or a number").fill(peerNumbers.answer);
  await dialog.getByRole("button", { name: "Talk first" }).click();
  const panel = page.getByTestId("consult-panel");
  await expect(panel).toHaveAttribute("data-consult-state", "connected", { timeout: 15_000 });
  const consult = await line.peer.waitForLastCall();
  expect(consult.id).not.toBe(call.id);
  expect(consult.authorization?.accepted).toBe(true);
  await line.peer.heardTone(consult.id, micToneHz);
  await expectRemoteTone(page);

  await panel.getByRole("button", { name: "Join" }).click();
  const transferred = await line.peer.waitForCall(
    call.id,
    (c) => c.transfers.length === 1 && c.transfers[0].status === 200,
    { message: "the REFER with Replaces was honoured" },
  );
  expect(transferred.transfers[0].replaced).toBe(consult.id);
  await line.peer.waitForCall(consult.id, (c) => c.status === "ended", {
    message: "the consultation ends",
  });
  await line.peer.waitForCall(call.id, (c) => c.status === "ended" && c.endedBy === "client", {
    message: "the rep's leg ends after the transfer",
  });
  await expect(panel).toBeHidden();
  await expect
    .poll(
      async () =>
        (await recordedCalls(page.request, repSession.token)).find((c) => c.transfer?.toNumber)
          ?.transfer?.toNumber,
      { message: "the rep's record names the number", timeout: 15_000 },
    )
    .toMatch(/5125550100$/);
});

test("blind transfer to a teammate: their browser rings, answers, and the business is heard both ways there", async ({
  page,
  browser,
  baseURL,
  repSession,
}) => {
  const colleague = await colleaguePage(browser, String(baseURL));
  try {
    const call = await connectedCall(page);
    await transferTo(page, e2eAccounts.colleague.username);

    const ringing = colleague.page.getByTestId("incoming-call");
    await expect(ringing).toBeVisible({ timeout: 15_000 });
    await expect(ringing).toContainText("555");
    await ringing.getByRole("button", { name: "Answer", exact: true }).click();
    await expect(dialerParts(colleague.page).status).toHaveAttribute("data-status", "in-call");

    const transferred = await line.peer.waitForCall(
      call.id,
      (c) => c.transfers.length === 1 && c.transfers[0].status === 200,
      { message: "the peer's REFER reached the teammate and was answered" },
    );
    const { target, callId } = transferred.transfers[0];
    expect(target).toBe(colleague.userId);
    // Audio both ways on the new call: the peer hears the teammate, the teammate the business.
    await line.peer.heardTone(callId!, micToneHz);
    await expectRemoteTone(colleague.page);
    // The rep's leg is over: BYE after the NOTIFY said 200.
    await line.peer.waitForCall(call.id, (c) => c.status === "ended" && c.endedBy === "client", {
      message: "the rep's leg ends after the transfer",
    });
    await expect(dialerParts(page).status).toHaveAttribute("data-status", /ended|idle/);

    await dialerParts(colleague.page).end.click();
    // The records: who took the call over, and the teammate's call links to the rep's.
    await expectHandedOver(page, repSession.token, colleague);
  } finally {
    await colleague.close();
  }
});

test("an edge that refuses REFER: the rep is told, and the call stays with them", async ({
  page,
  browser,
  baseURL,
}) => {
  const colleague = await colleaguePage(browser, String(baseURL));
  try {
    await line.peer.configure({ refuseRefer: true });
    const call = await connectedCall(page);
    await transferTo(page, e2eAccounts.colleague.username);
    await expect(page.getByText("This phone line cannot transfer calls")).toBeVisible();
    await expect(dialerParts(page).status).toHaveAttribute("data-status", "in-call");
    await line.peer.heardTone(call.id, micToneHz, { after: Date.now() });
    expect((await line.peer.call(call.id)).transfers).toMatchObject([{ status: 501 }]);
    await expect(colleague.page.getByTestId("incoming-call")).toBeHidden();
    await dialerParts(page).end.click();
  } finally {
    await line.peer.configure({ refuseRefer: false });
    await colleague.close();
  }
});

test("on a phone, Hold, Record, Transfer and End all fit the top bar, in English and Arabic", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const locale of ["en", "ar"] as const) {
    await setLocale(page, locale);
    await openRegistered(page);
    const controls = page.getByRole("group", {
      name: locale === "en" ? "Call controls" : "أدوات التحكم في المكالمة",
    });
    const names =
      locale === "en"
        ? ["Hold", "Record", "Transfer", "End"]
        : ["تعليق", "تسجيل", "تحويل", "إنهاء"];
    for (const name of names) {
      const box = await controls.getByRole("button", { name, exact: true }).boundingBox();
      expect(box, `${name} is drawn`).not.toBeNull();
      expect(box!.x, `${name} starts on screen`).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, `${name} ends on screen`).toBeLessThanOrEqual(390);
    }
    await page.screenshot({ path: test.info().outputPath(`phone-top-bar-${locale}.png`) });
  }
});
