// The team's phone line pointed at the SIP test peer for a whole spec file: saved through the
// operator console's API before the first test, removed after the last. What the real-calls
// specs share (they differ only in what else they tidy up afterwards).
import { test } from "./fixtures";
import { configureE2eLine, removeE2eLine, SipPeerControl, withApi } from "./sip-fixture";

export type E2eLine = {
  /** The peer's control API (set before the first test). */
  peer: SipPeerControl;
  /** The e2e organization whose line it is. */
  organizationId: string;
};

/** Registers the line's set-up and removal; `afterAll` runs once the line is removed. */
export function useE2eLine(options: { afterAll?: (line: E2eLine) => Promise<void> } = {}): E2eLine {
  const line = {} as E2eLine;
  test.beforeAll(async ({ operatorSession }, testInfo) => {
    const baseURL = testInfo.project.use.baseURL;
    const organization = await withApi(baseURL, (api) =>
      configureE2eLine(api, operatorSession.token, baseURL),
    );
    line.organizationId = organization.id;
    line.peer = new SipPeerControl(baseURL);
  });
  test.afterAll(async ({ operatorSession }, testInfo) => {
    await withApi(testInfo.project.use.baseURL, (api) => removeE2eLine(api, operatorSession.token));
    await options.afterAll?.(line);
  });
  return line;
}
