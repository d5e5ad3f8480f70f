/**
 * Asks a TURN server (RFC 8656) for a relay with time-limited credentials, as a browser would:
 * an Allocate, its 401 with realm and nonce, the Allocate again with the long-term credential
 * (RFC 8489 9.2: key MD5(username ":" realm ":" password), MESSAGE-INTEGRITY HMAC-SHA1), then a
 * Refresh with lifetime 0 to give the relay back. UDP only, which is what coturn's
 * `use-auth-secret` serves browsers first. No server-only import: the edge tests use it too.
 */
import crypto from "node:crypto";
import dgram from "node:dgram";

const MAGIC = 0x2112a442;
const ALLOCATE = 0x0003;
const REFRESH = 0x0004;
const attr = {
  username: 0x0006,
  messageIntegrity: 0x0008,
  errorCode: 0x0009,
  lifetime: 0x000d,
  realm: 0x0014,
  nonce: 0x0015,
  xorRelayedAddress: 0x0016,
  requestedTransport: 0x0019,
};

export type TurnCheck =
  | { ok: true; relayed: string; ms: number }
  | { ok: false; reason: "unreachable" | "refused" | "malformed"; status: number | null };

type Attribute = [type: number, value: Buffer];

function encode(method: number, id: Buffer, attributes: Attribute[], key?: Buffer): Buffer {
  const body = (list: Attribute[]) =>
    Buffer.concat(
      list.map(([type, value]) => {
        const head = Buffer.alloc(4);
        head.writeUInt16BE(type, 0);
        head.writeUInt16BE(value.length, 2);
        return Buffer.concat([head, value, Buffer.alloc((4 - (value.length % 4)) % 4)]);
      }),
    );
  const header = (length: number) => {
    const h = Buffer.alloc(20);
    h.writeUInt16BE(method, 0);
    h.writeUInt16BE(length, 2);
    h.writeUInt32BE(MAGIC, 4);
    id.copy(h, 8);
    return h;
  };
  const attrs = body(attributes);
  if (!key) return Buffer.concat([header(attrs.length), attrs]);
  // The integrity covers the message up to itself, with the length counting it in (24 bytes).
  const signed = Buffer.concat([header(attrs.length + 24), attrs]);
  const mac = crypto.createHmac("sha1", key).update(signed).digest();
  return Buffer.concat([signed, body([[attr.messageIntegrity, mac]])]);
}

function decode(message: Buffer) {
  if (message.length < 20 || message.readUInt32BE(4) !== MAGIC) return null;
  const type = message.readUInt16BE(0);
  const attributes = new Map<number, Buffer>();
  let offset = 20;
  while (offset + 4 <= message.length) {
    const t = message.readUInt16BE(offset);
    const length = message.readUInt16BE(offset + 2);
    attributes.set(t, message.subarray(offset + 4, offset + 4 + length));
    offset += 4 + length + ((4 - (length % 4)) % 4);
  }
  const error = attributes.get(attr.errorCode);
  const status = error ? error[2]! * 100 + error[3]! : null;
  return { type, id: message.subarray(8, 20), attributes, status };
}

function xorAddress(value: Buffer): string {
  const port = value.readUInt16BE(2) ^ (MAGIC >>> 16);
  const ip = [0, 1, 2, 3].map((i) => value[4 + i]! ^ ((MAGIC >>> (24 - 8 * i)) & 0xff));
  return `${ip.join(".")}:${port}`;
}

/** `host:port` of a turn: URL ("turn:edge.example:3478?transport=udp"), or null. */
export function turnAddressOf(url: string): { host: string; port: number } | null {
  const m = /^turns?:(\[[^\]]+\]|[^:?]+)(?::(\d+))?/i.exec(url.trim());
  if (!m) return null;
  return { host: m[1]!.replace(/^\[|\]$/g, ""), port: m[2] ? Number(m[2]) : 3478 };
}

export async function checkTurnAllocation(
  server: { host: string; port: number },
  credentials: { username: string; password: string },
  timeoutMs = 3000,
): Promise<TurnCheck> {
  const started = performance.now();
  const socket = dgram.createSocket(server.host.includes(":") ? "udp6" : "udp4");
  const ask = (message: Buffer) =>
    new Promise<ReturnType<typeof decode>>((resolve) => {
      const timer = setTimeout(() => {
        socket.off("message", onMessage);
        resolve(null);
      }, timeoutMs);
      const onMessage = (data: Buffer) => {
        const decoded = decode(data);
        if (!decoded || !decoded.id.equals(message.subarray(8, 20))) return;
        clearTimeout(timer);
        socket.off("message", onMessage);
        resolve(decoded);
      };
      socket.on("message", onMessage);
      socket.send(message, server.port, server.host);
    });
  const transport: Attribute = [attr.requestedTransport, Buffer.from([17, 0, 0, 0])];
  try {
    const first = await ask(encode(ALLOCATE, crypto.randomBytes(12), [transport]));
    if (!first) return { ok: false, reason: "unreachable", status: null };
    const realm = first.attributes.get(attr.realm);
    const nonce = first.attributes.get(attr.nonce);
    if (first.status !== 401 || !realm || !nonce) {
      return { ok: false, reason: "malformed", status: first.status };
    }
    const key = crypto
      .createHash("md5")
      .update(`${credentials.username}:${realm.toString()}:${credentials.password}`)
      .digest();
    const auth: Attribute[] = [
      [attr.username, Buffer.from(credentials.username)],
      [attr.realm, realm],
      [attr.nonce, nonce],
    ];
    const second = await ask(encode(ALLOCATE, crypto.randomBytes(12), [transport, ...auth], key));
    if (!second) return { ok: false, reason: "unreachable", status: null };
    const relayed = second.attributes.get(attr.xorRelayedAddress);
    if (second.type !== 0x0103 || !relayed) {
      return { ok: false, reason: "refused", status: second.status };
    }
    const ms = Math.round(performance.now() - started);
    await ask(
      encode(REFRESH, crypto.randomBytes(12), [[attr.lifetime, Buffer.alloc(4)], ...auth], key),
    );
    return { ok: true, relayed: xorAddress(relayed), ms };
  } finally {
    socket.close();
  }
}
