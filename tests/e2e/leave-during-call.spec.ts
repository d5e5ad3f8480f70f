// Leaving or reloading the page during a call (for every transport): the browser asks
// first, and if the rep leaves anyway the call is recorded with its talk time so far, never as
// "Not connected". The simulated transport stands in for any line here.
import { dialerParts } from "./dialer-helpers";
import { uniqueNumber } from "./calls-helpers";
import { expect, test } from "./fixtures";

test.use({ signedInAs: "rep" });

test("a reload during a call asks first, then records the call with its talk time", async ({
  page,
  repSession,
}) => {
  const number = uniqueNumber("512");
  const d = dialerParts(page);
  await page.goto("/app");
  await d.number.fill(number);
  await d.call.click();
  await expect(d.status).toHaveAttribute("data-status", "in-call");
  await expect(d.timer).toHaveText("00:00:02", { timeout: 5000 });

  const asked: string[] = [];
  page.on("dialog", (dialog) => {
    asked.push(dialog.type());
    void dialog.accept();
  });
  await page.reload();
  await expect(d.widget).toBeVisible();
  expect(asked).toEqual(["beforeunload"]);

  // The ended call waited in the outbox (local storage) and is sent by the reloaded page.
  await expect
    .poll(
      async () => {
        const found = await page.request.get(`/api/calls/search?q=${number}`, {
          headers: { Authorization: `Bearer ${repSession.token}` },
        });
        const { calls } = (await found.json()) as {
          calls: { dialedDigits: string; talkSeconds: number | null; endReason: string | null }[];
        };
        return calls.find((c) => c.dialedDigits === number) ?? null;
      },
      { timeout: 15_000 },
    )
    .toMatchObject({ endReason: "local", talkSeconds: expect.any(Number) });
  const found = await page.request.get(`/api/calls/search?q=${number}`, {
    headers: { Authorization: `Bearer ${repSession.token}` },
  });
  const { calls } = (await found.json()) as { calls: { talkSeconds: number }[] };
  expect(calls[0]!.talkSeconds).toBeGreaterThanOrEqual(2);
});

test("the outcome still owed after a reload is asked again until the rep answers it", async ({
  page,
  repSession,
}) => {
  const number = uniqueNumber("512");
  const d = dialerParts(page);
  const prompt = page.getByTestId("dialer-disposition");
  await page.goto("/app");
  await d.number.fill(number);
  await d.call.click();
  await expect(d.status).toHaveAttribute("data-status", "in-call");
  await expect(d.timer).toHaveText("00:00:02", { timeout: 5000 });
  page.on("dialog", (dialog) => void dialog.accept());
  // Reloading mid-call ends it; the reloaded page asks for its outcome, with its talk time.
  await page.reload();
  await expect(prompt).toBeVisible();
  await expect(prompt).not.toContainText("Not connected");
  // The prompt asked again takes focus, so the 1-9 keys answer it at once.
  await expect(prompt.getByRole("button").first()).toBeFocused();
  const callId = (await prompt.getAttribute("data-call-id"))!;
  // A second reload asks for the same call.
  await page.reload();
  await expect(prompt).toHaveAttribute("data-call-id", callId);
  await prompt.getByRole("button", { name: /Interested/ }).click();
  await prompt.getByRole("button", { name: "Save outcome" }).click();
  await expect(prompt).toBeHidden();
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`/api/calls/search?q=${number}`, {
          headers: { Authorization: `Bearer ${repSession.token}` },
        });
        const { calls } = (await res.json()) as { calls: { id: string; disposition: string }[] };
        return calls.find((c) => c.id === callId)?.disposition ?? null;
      },
      { timeout: 15_000 },
    )
    .toBe("interested");
  // Answered: the next page does not ask again.
  await page.reload();
  await expect(d.number).toBeVisible();
  await expect(prompt).toBeHidden();
});
