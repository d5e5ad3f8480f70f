// One calling process of `npm run bench:edge` (bench/edge.ts forks several): registers its
// share of the WebRTC user agents (the test SIP client: werift ICE, DTLS-SRTP, PCMU, as browsers
// send) with minted credentials, places their calls through the edge with the server's
// authorisation, and reports when each call is answered and carries the far end's tone. It ends
// the calls when told. Spread over processes, the calling side's DTLS and SRTP (JavaScript)
// use both cores instead of queueing on one event loop.
import { signCallAuthorization } from "../modules/telephony/lib/call-authorization";
import { mintEphemeralCredentials } from "../modules/telephony/lib/ephemeral";
import { connectSipClient } from "../tests/peers/sip/client.mjs";

export type CallerTask = {
  wsUrl: string;
  domain: string;
  secret: string;
  business: string;
  farToneHz: number;
  /** The SIP users this process calls as, with the delay before each call (ms). */
  calls: { user: string; delayMs: number }[];
};

export type CallerReport =
  | { type: "placed"; setupsMs: number[]; failures: string[] }
  | { type: "heard"; heard: number; silent: Record<string, number> }
  | { type: "ended" };

const send = (report: CallerReport) => process.send!(report);

process.once("message", async (task: CallerTask) => {
  const clients = await Promise.all(
    task.calls.map(async ({ user }) => {
      const minted = mintEphemeralCredentials(task.secret, user);
      const client = await connectSipClient(task.wsUrl, {
        user,
        authUser: minted.username,
        password: minted.password,
        domain: task.domain,
        toneHz: 1000,
        detectHz: [task.farToneHz],
        onlyLoopback: true,
      });
      await client.register();
      return { client, user };
    }),
  );
  const setupsMs: number[] = [];
  const failures: string[] = [];
  const placed = await Promise.all(
    clients.map(async ({ client, user }, i) => {
      await new Promise((r) => setTimeout(r, task.calls[i]!.delayMs));
      const { token } = await signCallAuthorization(task.secret, {
        number: task.business,
        callerId: null,
        rep: user,
        org: "bench",
      });
      const started = performance.now();
      const call = client.invite(task.business, {
        headers: [["X-DialFlow-Authorization", token]],
      });
      const res = await call.final;
      if (res.status !== 200) {
        failures.push(`${user}: ${res.status} ${res.reason}`);
        return null;
      }
      setupsMs.push(performance.now() - started);
      return call;
    }),
  );
  const calls = placed.filter((c) => c !== null);
  send({ type: "placed", setupsMs, failures });

  const hears = (c: (typeof calls)[number]) =>
    c.state.tones.some((t: { hz: number | null }) => t.hz === task.farToneHz);
  /** The calls without the tone, by their media's state ("connecting": ICE or DTLS unfinished). */
  const silent = () => {
    const states: Record<string, number> = {};
    for (const c of calls.filter((call) => !hears(call))) {
      const state = `${c.state.media.state}${c.state.media.packetsReceived ? ", packets in" : ""}`;
      states[state] = (states[state] ?? 0) + 1;
    }
    return states;
  };
  let last = "";
  const timer = setInterval(() => {
    const report = { heard: calls.filter(hears).length, silent: silent() };
    if (JSON.stringify(report) !== last) {
      last = JSON.stringify(report);
      send({ type: "heard", ...report });
    }
  }, 100);

  process.once("message", async () => {
    clearInterval(timer);
    await Promise.all(calls.map((c) => c.bye().catch(() => undefined)));
    for (const { client } of clients) client.close();
    send({ type: "ended" });
    process.disconnect();
  });
});
