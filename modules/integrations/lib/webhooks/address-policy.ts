/**
 * Which addresses a webhook may be delivered to (against server-side request forgery):
 * public unicast only. Refused: unspecified, loopback, private (RFC 1918), shared/CGNAT
 * (100.64/10), link-local, IETF protocol, documentation and benchmarking ranges, multicast,
 * reserved and broadcast; in IPv6 also unique-local, site-local, multicast, discard-only and
 * Teredo, and everything outside global unicast (2000::/3). IPv6 forms that carry an IPv4
 * address (v4-mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96, 6to4 2002::/16) are judged by the
 * IPv4 address inside. Pure, so it is unit-tested address by address.
 */

function parseV4(text: string): number[] | null {
  const parts = text.split(".");
  if (parts.length !== 4) return null;
  const octets = parts.map((p) => (/^\d{1,3}$/.test(p) ? Number(p) : NaN));
  return octets.every((o) => Number.isInteger(o) && o <= 255) ? octets : null;
}

/** Eight 16-bit groups, or null (a zone id such as %eth0 is ignored). */
function parseV6(input: string): number[] | null {
  let text = input
    .replace(/^\[|\]$/g, "")
    .split("%")[0]!
    .toLowerCase();
  if (!text.includes(":")) return null;
  // An embedded dotted quad ("::ffff:127.0.0.1") becomes two groups.
  const dotted = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (dotted) {
    const v4 = parseV4(dotted[1]!);
    if (!v4) return null;
    const tail = `${((v4[0]! << 8) | v4[1]!).toString(16)}:${((v4[2]! << 8) | v4[3]!).toString(16)}`;
    text = text.slice(0, -dotted[1]!.length) + tail;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const groups = (s: string) => (s === "" ? [] : s.split(":"));
  const head = groups(halves[0]!);
  const tail = halves.length === 2 ? groups(halves[1]!) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  if (!all.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  return all.map((g) => parseInt(g, 16));
}

function publicV4([a, b, c]: number[]): boolean {
  if (a === 0 || a === 10 || a === 127) return false; // this network, private, loopback
  if (a === 100 && b! >= 64 && b! <= 127) return false; // shared address space (CGNAT)
  if (a === 169 && b === 254) return false; // link-local (cloud metadata lives here)
  if (a === 172 && b! >= 16 && b! <= 31) return false;
  if (a === 192 && b === 168) return false;
  if (a === 192 && b === 0 && (c === 0 || c === 2)) return false; // IETF protocol, TEST-NET-1
  if (a === 192 && b === 88 && c === 99) return false; // 6to4 relay anycast
  if (a === 198 && (b === 18 || b === 19)) return false; // benchmarking
  if (a === 198 && b === 51 && c === 100) return false; // TEST-NET-2
  if (a === 203 && b === 0 && c === 113) return false; // TEST-NET-3
  return a! < 224; // multicast 224/4, reserved 240/4, broadcast
}

const embeddedV4 = (hi: number, lo: number) => [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff];

function publicV6(h: number[]): boolean {
  const zeroUpTo = (n: number) => h.slice(0, n).every((g) => g === 0);
  if (zeroUpTo(5) && h[5] === 0xffff) return publicV4(embeddedV4(h[6]!, h[7]!)); // v4-mapped
  if (zeroUpTo(6)) return false; // unspecified, loopback, IPv4-compatible (deprecated)
  if (h[0] === 0x64 && h[1] === 0xff9b) {
    // NAT64: the well-known prefix carries a v4 address; the local-use one (64:ff9b:1::/48) is private.
    return h.slice(2, 6).every((g) => g === 0) && publicV4(embeddedV4(h[6]!, h[7]!));
  }
  if (h[0] === 0x2002) return publicV4(embeddedV4(h[1]!, h[2]!)); // 6to4
  if (h[0] === 0x2001 && h[1] === 0) return false; // Teredo
  if (h[0] === 0x2001 && h[1] === 0xdb8) return false; // documentation
  if (h[0] === 0x100 && h[1] === 0 && h[2] === 0 && h[3] === 0) return false; // discard-only
  // Global unicast only: excludes link-local fe80::/10, site-local fec0::/10, unique-local
  // fc00::/7 and multicast ff00::/8, which all lie outside 2000::/3.
  return (h[0]! & 0xe000) === 0x2000;
}

/** True only for an address a webhook may be delivered to. Not an address at all: false. */
export function isPublicAddress(ip: string): boolean {
  const v4 = parseV4(ip);
  if (v4) return publicV4(v4);
  const v6 = parseV6(ip);
  return v6 ? publicV6(v6) : false;
}
