// A UDP relay that makes a bad network path on loopback, where tc netem is not available:
// the peer advertises the relay's outer socket as its only ICE candidate and gives werift the
// inner socket as the far end's only candidate, so every packet of the call (STUN, DTLS,
// SRTP) crosses it. Only RTP is dropped (STUN and DTLS get through, so the call still sets
// up); every packet is delayed by `delayMs` plus up to `jitterMs`, in both directions, which
// makes the round trip about twice the delay.
import dgram from "node:dgram";

/** Small seeded PRNG (mulberry32) so a lossy run drops the same packets every time. */
function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// RFC 7983 demultiplexing: RTP/RTCP first byte 128-191; RTCP packet types 192-223 (RFC 5761).
function isRtp(buf) {
  return buf.length >= 12 && buf[0] >= 128 && buf[0] <= 191 && !(buf[1] >= 192 && buf[1] <= 223);
}

/** STUN (RFC 5389): request or response, transaction id, USE-CANDIDATE present. */
function stunInfo(buf) {
  if (buf.length < 20 || buf[0] > 1 || buf.readUInt32BE(4) !== 0x2112a442) return null;
  const type = buf.readUInt16BE(0);
  const cls = ((type & 0x0100) >> 7) | ((type & 0x0010) >> 4);
  let useCandidate = false;
  for (let i = 20; i + 4 <= buf.length;) {
    const attr = buf.readUInt16BE(i);
    const len = buf.readUInt16BE(i + 2);
    if (attr === 0x0025) useCandidate = true;
    i += 4 + Math.ceil(len / 4) * 4;
  }
  return {
    kind: cls === 0 ? "request" : cls >= 2 ? "response" : "indication",
    txid: buf.subarray(8, 20).toString("hex"),
    useCandidate,
  };
}

function bind(host) {
  return new Promise((resolve, reject) => {
    const socket = dgram.createSocket("udp4");
    socket.once("error", reject);
    socket.bind(0, host, () => resolve(socket));
  });
}

/**
 * Starts the relay. `stats` (a plain object in the call's state) gets forwarded and dropped
 * counts. Addresses of both ends are learned from the packets they send.
 */
export async function startRelay({
  host = "127.0.0.1",
  lossPercent = 0,
  // Which way RTP is dropped: "both", "to-peer" (the client's audio: what the far end hears of
  // the rep) or "to-far" (what the rep hears).
  direction = "both",
  delayMs = 0,
  jitterMs = 0,
  seed = 1,
  stats = {},
} = {}) {
  const outer = await bind(host);
  const inner = await bind(host);
  const random = seeded(seed);
  const timers = new Set();
  let local = null;
  let closed = false;
  Object.assign(stats, { forwarded: 0, droppedToPeer: 0, droppedToFar: 0 });

  // Jitter varies the delay but keeps each direction in order: werift's DTLS did not finish
  // its handshake when records of a flight arrived out of order.
  const releaseAt = { droppedToPeer: 0, droppedToFar: 0 };
  const forward = (buf, socket, to, droppedKey) => {
    if (!to || closed) return;
    const lossy =
      direction === "both" || direction === (droppedKey === "droppedToPeer" ? "to-peer" : "to-far");
    if (isRtp(buf) && lossy && random() * 100 < lossPercent) {
      stats[droppedKey] += 1;
      return;
    }
    const send = () => {
      if (closed) return;
      stats.forwarded += 1;
      socket.send(buf, to.port, to.address);
    };
    const now = performance.now();
    const at = Math.max(releaseAt[droppedKey], now + delayMs + random() * jitterMs);
    releaseAt[droppedKey] = at;
    if (at <= now) return send();
    const t = setTimeout(() => {
      timers.delete(t);
      send();
    }, at - now);
    timers.add(t);
  };

  // The far end may check from several sockets (one per interface): STUN responses go back
  // to the socket that sent the request, everything else to the one its ICE nominated.
  const requesters = new Map();
  let farNominated = null;
  let farLast = null;
  outer.on("message", (buf, rinfo) => {
    const stun = stunInfo(buf);
    if (stun?.kind === "request") {
      requesters.set(stun.txid, rinfo);
      if (requesters.size > 256) requesters.delete(requesters.keys().next().value);
      if (stun.useCandidate) farNominated = rinfo;
    }
    farLast = rinfo;
    forward(buf, inner, local, "droppedToPeer");
  });
  inner.on("message", (buf, rinfo) => {
    local = rinfo;
    const stun = stunInfo(buf);
    const to = (stun?.kind === "response" && requesters.get(stun.txid)) || farNominated || farLast;
    forward(buf, outer, to, "droppedToFar");
  });
  // An ICMP error from a closed far end must not crash the peer.
  outer.on("error", () => {});
  inner.on("error", () => {});

  return {
    host,
    /** Advertised to the far end. */
    outerPort: outer.address().port,
    /** Given to werift as the far end's candidate. */
    innerPort: inner.address().port,
    close() {
      closed = true;
      timers.forEach(clearTimeout);
      timers.clear();
      outer.close();
      inner.close();
    },
  };
}
