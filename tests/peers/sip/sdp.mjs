// The few SDP edits the peer makes around werift (see telephony.md, "werift gotchas").
const eol = /\r?\n/;

function lines(sdp) {
  return String(sdp ?? "")
    .split(eol)
    .filter((l) => l !== "");
}

const join = (ls) => `${ls.join("\r\n")}\r\n`;

/**
 * Removes telephone-event at any clock rate but 8000 (rtpmap, fmtp and the m= format list).
 * werift matches codecs by MIME type only and picked telephone-event/48000 for a PCMU call,
 * which makes every DTMF event carry the wrong clock.
 */
export function stripTelephoneEventRates(sdp) {
  const drop = new Set();
  for (const l of lines(sdp)) {
    const m = /^a=rtpmap:(\d+)\s+telephone-event\/(\d+)/i.exec(l);
    if (m && m[2] !== "8000") drop.add(m[1]);
  }
  if (!drop.size) return sdp;
  return join(
    lines(sdp)
      .filter((l) => {
        const m = /^a=(?:rtpmap|fmtp|rtcp-fb):(\d+)\s/.exec(l);
        return !(m && drop.has(m[1]));
      })
      .map((l) => {
        if (!l.startsWith("m=")) return l;
        const [m, port, proto, ...fmts] = l.split(" ");
        return [m, port, proto, ...fmts.filter((f) => !drop.has(f))].join(" ");
      }),
  );
}

/** The audio codecs an SDP offers or answers, e.g. ["PCMU/8000", "telephone-event/8000"]. */
export function audioCodecs(sdp) {
  return lines(sdp)
    .map((l) => /^a=rtpmap:\d+\s+(\S+)/.exec(l)?.[1])
    .filter(Boolean);
}

/** The direction of the first audio section (section attribute first, then session). */
export function mediaDirection(sdp) {
  let session = "sendrecv";
  let inAudio = false;
  let seenMedia = false;
  for (const l of lines(sdp)) {
    if (l.startsWith("m=")) {
      if (inAudio) break;
      seenMedia = true;
      inAudio = l.startsWith("m=audio");
      continue;
    }
    const m = /^a=(sendrecv|sendonly|recvonly|inactive)$/.exec(l);
    if (!m) continue;
    if (inAudio) return m[1];
    if (!seenMedia) session = m[1];
  }
  return session;
}

/**
 * Replaces every ICE candidate with one host candidate at host:port (and points the m= and c=
 * lines there), so the other side can only reach this one address: the lossy relay.
 */
export function pinCandidate(sdp, host, port) {
  const out = [];
  for (const l of lines(sdp)) {
    if (l.startsWith("a=candidate:") || l === "a=end-of-candidates") continue;
    if (l.startsWith("m=")) {
      const [m, , ...rest] = l.split(" ");
      out.push([m, String(port), ...rest].join(" "));
      out.push(`a=candidate:1 1 udp 2130706431 ${host} ${port} typ host`);
      out.push("a=end-of-candidates");
      continue;
    }
    if (l.startsWith("c=IN ")) {
      out.push(`c=IN IP4 ${host}`);
      continue;
    }
    out.push(l);
  }
  // The candidate lines belong after the c= line of their section: move each block there.
  return join(reorderCandidates(out));
}

function reorderCandidates(ls) {
  const out = [];
  let pending = [];
  for (const l of ls) {
    if (l.startsWith("a=candidate:") || l === "a=end-of-candidates") {
      pending.push(l);
      continue;
    }
    if (l.startsWith("m=") && pending.length) {
      out.push(...pending);
      pending = [];
    }
    out.push(l);
  }
  return [...out, ...pending];
}
