// Webhook deliveries refuse every address that is not public unicast (SSRF), in IPv4,
// IPv6 and the IPv6 forms that carry an IPv4 address; and the guard checks every address a
// name resolves to, refusing plain http, before anything connects.
import { describe, expect, it } from "vitest";
import { isPublicAddress } from "@/modules/integrations/lib/webhooks/address-policy";
import {
  postWebhook,
  resolveTarget,
  WebhookRefusedError,
} from "@/modules/integrations/lib/webhooks/send";

const refused = [
  // IPv4
  "0.0.0.0",
  "0.1.2.3",
  "10.0.0.1",
  "10.255.255.255",
  "100.64.0.1",
  "100.127.255.254",
  "127.0.0.1",
  "127.8.9.10",
  "169.254.169.254",
  "172.16.0.1",
  "172.31.255.255",
  "192.0.0.8",
  "192.0.2.1",
  "192.168.1.1",
  "198.18.0.1",
  "198.19.255.255",
  "198.51.100.7",
  "203.0.113.9",
  "224.0.0.1",
  "239.255.255.250",
  "240.0.0.1",
  "255.255.255.255",
  // IPv6
  "::",
  "::1",
  "[::1]",
  "fe80::1",
  "fe80::1%eth0",
  "febf::1",
  "fec0::1",
  "fc00::1",
  "fd12:3456:789a::1",
  "ff02::1",
  "ff05::2",
  "2001:db8::1",
  "2001:0:4136:e378:8000:63bf:3fff:fdd2",
  "100::1",
  "64:ff9b:1::1",
  // IPv4 inside IPv6
  "::ffff:127.0.0.1",
  "::ffff:7f00:1",
  "0:0:0:0:0:ffff:10.0.0.1",
  "::ffff:169.254.169.254",
  "::ffff:a9fe:a9fe",
  "::127.0.0.1",
  "64:ff9b::10.0.0.1",
  "64:ff9b::a9fe:a9fe",
  "2002:7f00:1::1",
  "2002:c0a8:101::",
  // not addresses
  "localhost",
  "",
  "1.2.3",
  "1.2.3.256",
  "::ffff:1.2.3.999",
  "1:2:3:4:5:6:7:8:9",
  "1::2::3",
];

const allowed = [
  "1.1.1.1",
  "8.8.8.8",
  "93.184.216.34",
  "100.63.255.255",
  "100.128.0.1",
  "172.15.255.255",
  "172.32.0.1",
  "192.169.0.1",
  "198.20.0.1",
  "223.255.255.255",
  "2606:4700:4700::1111",
  "2a00:1450:4001:81c::200e",
  "::ffff:8.8.8.8",
  "::ffff:808:808",
  "64:ff9b::8.8.8.8",
  "2002:808:808::1",
];

describe("isPublicAddress", () => {
  it.each(refused)("refuses %s", (ip) => expect(isPublicAddress(ip)).toBe(false));
  it.each(allowed)("allows %s", (ip) => expect(isPublicAddress(ip)).toBe(true));
});

describe("resolveTarget", () => {
  const lookup = (answers: { address: string; family: number }[]) => async () => answers;

  it("refuses a name when any address it resolves to is private (DNS rebinding)", async () => {
    const target = resolveTarget(new URL("https://hooks.example.com/x"), {
      allowPrivate: false,
      lookup: lookup([
        { address: "93.184.216.34", family: 4 },
        { address: "::ffff:10.0.0.1", family: 6 },
      ]),
    });
    await expect(target).rejects.toBeInstanceOf(WebhookRefusedError);
  });

  it("returns the checked address, which the connection then uses", async () => {
    await expect(
      resolveTarget(new URL("https://hooks.example.com/x"), {
        allowPrivate: false,
        lookup: lookup([{ address: "2606:4700:4700::1111", family: 6 }]),
      }),
    ).resolves.toEqual({ address: "2606:4700:4700::1111", family: 6 });
  });

  it("refuses literal private addresses and plain http without the test setting", async () => {
    for (const url of [
      "https://127.0.0.1/",
      "https://[::1]:8443/",
      "https://[::ffff:a9fe:a9fe]/",
    ]) {
      await expect(resolveTarget(new URL(url), { allowPrivate: false })).rejects.toThrow(
        /private or reserved/,
      );
    }
    await expect(
      resolveTarget(new URL("http://hooks.example.com/"), {
        allowPrivate: false,
        lookup: lookup([{ address: "93.184.216.34", family: 4 }]),
      }),
    ).rejects.toThrow(/https/);
  });

  it("the test setting allows a receiver on this machine", async () => {
    await expect(
      resolveTarget(new URL("http://127.0.0.1:9/"), { allowPrivate: true }),
    ).resolves.toEqual({ address: "127.0.0.1", family: 4 });
  });

  it("gives up on a lookup that never answers, within the attempt's deadline", async () => {
    const never = () => new Promise<never>(() => {});
    await expect(
      resolveTarget(new URL("https://slow.example.com/x"), {
        allowPrivate: false,
        lookup: never,
        timeoutMs: 50,
      }),
    ).rejects.toThrow(/did not resolve in time/);
    const sent = await postWebhook(
      "https://slow.example.com/x",
      "{}",
      {},
      {
        allowPrivate: false,
        lookup: never,
        timeoutMs: 50,
      },
    );
    expect(sent).toEqual({
      ok: false,
      status: null,
      error: "The host slow.example.com did not resolve in time",
    });
  });
});
