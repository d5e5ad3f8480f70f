// One call's media with werift: PCMU + telephone-event/8000 only, a steady tone out, tone
// detection and RFC 4733 digits in. Everything it observes is written into plain objects of
// the call's state (`media`, `tones`, `dtmf`) so the control API can serve them as they are.
import {
  MediaStreamTrack,
  RTCPeerConnection,
  RTCRtpCodecParameters,
  RtpHeader,
  RtpPacket,
} from "werift";
import {
  classifyFrame,
  createSegmenter,
  createToneSource,
  decodePcmu,
  frameSamples,
  linearToMulaw,
} from "./audio.mjs";
import { startRelay } from "./relay.mjs";
import { pinCandidate, stripTelephoneEventRates } from "./sdp.mjs";

const dtmfEvents = "0123456789*#ABCD";
const frameMs = 20;

function peerConnection(onlyLoopback) {
  return new RTCPeerConnection({
    // werift has no Opus: offer and accept PCMU (static payload type 0) and RFC 4733 events.
    codecs: {
      audio: [
        new RTCRtpCodecParameters({
          mimeType: "audio/PCMU",
          clockRate: 8000,
          channels: 1,
          payloadType: 0,
        }),
        new RTCRtpCodecParameters({
          mimeType: "audio/telephone-event",
          clockRate: 8000,
          payloadType: 101,
          parameters: "0-16",
        }),
      ],
    },
    // Loopback is not gathered by default, and it is the only interface tests can rely on.
    iceAdditionalHostAddresses: ["127.0.0.1"],
    iceUseIpv6: false,
    // Behind the relay only the loopback socket may pair with the relay's address: a second
    // host socket would make the relay see two sources for the same side.
    ...(onlyLoopback
      ? { iceFilterCandidatePair: (pair) => pair.protocol?.localCandidate?.host === "127.0.0.1" }
      : {}),
  });
}

function waitGathered(pc) {
  if (pc.iceGatheringState === "complete") return Promise.resolve();
  return new Promise((resolve) => {
    const sub = pc.iceGatheringStateChange.subscribe((s) => {
      if (s === "complete") {
        sub.unSubscribe();
        resolve();
      }
    });
  });
}

/**
 * Creates a media leg. `media`, `tones` and `dtmf` are the call's state objects it fills;
 * `path` ({ lossPercent, delayMs, jitterMs, seed }) routes the call through the lossy relay.
 */
export function createMediaLeg({
  media,
  tones,
  dtmf,
  detectHz,
  path = null,
  onDigit,
  onlyLoopback = false,
}) {
  Object.assign(media, {
    state: "new",
    codecs: [],
    packetsSent: 0,
    packetsReceived: 0,
    packetsLost: 0,
    relay: null,
    firstRtpAt: null,
    firstRtpSentAt: null,
    clipStartedAt: null,
    connectedAt: null,
    rfc4733Received: 0,
  });
  const pc = peerConnection(Boolean(path) || onlyLoopback);
  const segmenter = createSegmenter(tones);
  const source = createToneSource(null);
  let relay = null;
  let transceiver = null;
  let sending = false;
  let pausedForDtmf = false;
  let timer = null;
  let seq = Math.floor(Math.random() * 0xffff);
  let timestamp = Math.floor(Math.random() * 0xffffffff);
  let lastEventTs = null;
  let expectedSeq = null;
  let closed = false;
  // Bridged to another leg (bridge()): the frames it received, sent here in place of the tone.
  let fed = null;
  // A recorded answer (playClip()): its frames in order, then silence in place of the tone.
  let clip = null;
  const silentFrame = Buffer.alloc(frameSamples, linearToMulaw(0));
  let onFrame = null;

  pc.connectionStateChange.subscribe((s) => {
    media.state = s;
    if (s === "connected" && !media.connectedAt) media.connectedAt = Date.now();
  });

  function onRtp(rtp) {
    const now = Date.now();
    media.packetsReceived += 1;
    media.firstRtpAt ??= now;
    const { sequenceNumber, payloadType } = rtp.header;
    if (expectedSeq !== null) {
      // Count gaps in the sequence (what the far end's stats would call packets lost).
      const gap = (sequenceNumber - expectedSeq) & 0xffff;
      if (gap > 0 && gap < 1000) media.packetsLost += gap;
    }
    expectedSeq = (sequenceNumber + 1) & 0xffff;
    if (payloadType === 0) {
      onFrame?.(rtp.payload);
      segmenter.push(classifyFrame(decodePcmu(rtp.payload), detectHz), rtp.header.timestamp, now);
    } else if (rtp.payload.length >= 4) {
      onTelephoneEvent(rtp, now);
    }
  }

  // RFC 4733 2.5: one event is many packets with the same RTP timestamp, the last ones (sent
  // three times) with the E bit; a digit is logged once, when its first packet arrives.
  function onTelephoneEvent(rtp, now) {
    media.rfc4733Received += 1;
    if (rtp.header.timestamp === lastEventTs) return;
    lastEventTs = rtp.header.timestamp;
    const digit = dtmfEvents[rtp.payload[0]];
    if (!digit) return;
    dtmf.push({ digit, via: "rfc4733", at: now });
    onDigit?.(digit, "rfc4733");
  }

  // werift fires onTrack inside setRemoteDescription, before the answerer can see its
  // transceiver: listen on the connection from the start.
  pc.onTrack.subscribe((track) => track.onReceiveRtp.subscribe(onRtp));
  const attach = (t) => (transceiver = t);

  function sendPacket(payload, { marker = false, ts = timestamp, event = false } = {}) {
    if (!transceiver || closed) return;
    const header = new RtpHeader({ payloadType: 0, sequenceNumber: seq, timestamp: ts, marker });
    seq = (seq + 1) & 0xffff;
    const sender = transceiver.sender;
    const codec = sender.codec;
    if (!codec) return;
    // werift overwrites every packet's payload type with sender.codec's, so an RFC 4733 packet
    // is sent with the telephone-event codec swapped in for the duration of the synchronous
    // part of sendRtp (which is where the header is written).
    const te = event ? transceiver.codecs.find((c) => /telephone-event/i.test(c.mimeType)) : null;
    if (event && !te) return;
    if (te) sender.codec = te;
    try {
      sender.sendRtp(new RtpPacket(header, payload)).catch(() => {});
    } finally {
      sender.codec = codec;
    }
    if (pc.connectionState === "connected") {
      media.packetsSent += 1;
      media.firstRtpSentAt ??= Date.now();
    }
  }

  /** The clip's next frame, due `lateMs` ago (a late timer sends it in a catch-up burst). */
  function clipFrame(lateMs) {
    if (!sending || pausedForDtmf) return null;
    // When it was due, not when it went out: the frames after it keep to the schedule, so the
    // clip's audio is at clipStartedAt + its own time, whatever this frame's delay.
    media.clipStartedAt ??= Math.round(Date.now() - lateMs);
    return clip.shift() ?? silentFrame;
  }

  // Frames go out on a wall-clock schedule (catching up after a late timer) so the far end
  // sees 50 packets a second even on a loaded machine.
  function startClock() {
    if (timer) return;
    let next = performance.now();
    timer = setInterval(() => {
      const now = performance.now();
      while (next <= now) {
        const lateMs = now - next;
        next += frameMs;
        const frame = fed
          ? fed.shift()
          : clip
            ? clipFrame(lateMs)
            : source.hz
              ? source.nextFrame()
              : null;
        if (sending && !pausedForDtmf && frame) {
          sendPacket(frame, { marker: media.packetsSent === 0 });
        }
        timestamp = (timestamp + frameSamples) >>> 0;
      }
    }, frameMs / 2);
  }

  async function prepare(sdp) {
    if (!path) return sdp;
    relay ??= await startRelay({ ...path, stats: (media.relay = {}) });
    return pinCandidate(sdp, relay.host, relay.innerPort);
  }

  async function localSdp() {
    await waitGathered(pc);
    const sdp = pc.localDescription.sdp;
    return relay ? pinCandidate(sdp, relay.host, relay.outerPort) : sdp;
  }

  return {
    pc,
    /** Answers an offer (the first one or a re-INVITE's); returns the answer SDP. */
    async answer(offerSdp) {
      const sdp = await prepare(stripTelephoneEventRates(offerSdp));
      await pc.setRemoteDescription({ type: "offer", sdp });
      const t = pc.getTransceivers().find((x) => x.kind === "audio");
      if (t && t !== transceiver) attach(t);
      // A transceiver made by setRemoteDescription starts recvonly; sendrecv makes the answer
      // follow the offer (recvonly to a hold's sendonly, inactive to inactive).
      t?.setDirection("sendrecv");
      await pc.setLocalDescription(await pc.createAnswer());
      media.codecs = (transceiver?.codecs ?? []).map((c) => `${c.name}/${c.clockRate}`);
      startClock();
      return localSdp();
    },
    /** Makes an offer (for a call the peer places); returns the offer SDP. */
    async offer() {
      if (!transceiver) {
        attach(
          pc.addTransceiver(new MediaStreamTrack({ kind: "audio" }), { direction: "sendrecv" }),
        );
      }
      await pc.setLocalDescription(await pc.createOffer());
      startClock();
      return localSdp();
    },
    async acceptAnswer(answerSdp) {
      await pc.setRemoteDescription({ type: "answer", sdp: await prepare(answerSdp) });
      media.codecs = (transceiver?.codecs ?? []).map((c) => `${c.name}/${c.clockRate}`);
    },
    /** Sends a tone at `hz` (or nothing with null) while `sending`. */
    play(hz) {
      source.hz = hz;
    },
    /** Sends these PCMU frames, from the next one on, then silence (a recorded answer). */
    playClip(frames) {
      clip = [...frames];
      media.clipStartedAt = null;
    },
    setSending(on) {
      sending = on;
    },
    /**
     * Bridging (bridgeLegs): what this leg receives goes to `other` as it is (PCMU frames), and
     * this leg sends what was fed to it instead of its tone; null ends it.
     */
    relay(other) {
      fed = other ? [] : null;
      onFrame = other ? (payload) => other.feed(payload) : null;
    },
    feed(payload) {
      if (!fed) return;
      // A few frames of slack; a leg that stopped sending must not grow the queue.
      if (fed.length > 10) fed.shift();
      fed.push(payload);
    },
    /** RFC 4733 digits; resolves when the last one has ended. */
    async sendDtmf(digits, { durationMs = 100, gapMs = 70 } = {}) {
      for (const digit of String(digits).toUpperCase()) {
        const event = dtmfEvents.indexOf(digit);
        if (event < 0 || closed) continue;
        pausedForDtmf = true;
        const ts = timestamp;
        const steps = Math.max(1, Math.round(durationMs / frameMs));
        for (let i = 1; i <= steps + 2 && !closed; i++) {
          const end = i >= steps;
          const duration = Math.min(i, steps) * frameSamples;
          const payload = Buffer.from([
            event,
            (end ? 0x80 : 0) | 10,
            duration >> 8,
            duration & 0xff,
          ]);
          sendPacket(payload, { marker: i === 1, ts, event: true });
          await new Promise((r) => setTimeout(r, frameMs));
        }
        pausedForDtmf = false;
        await new Promise((r) => setTimeout(r, gapMs));
      }
    },
    close() {
      if (closed) return;
      closed = true;
      clearInterval(timer);
      segmenter.finish();
      relay?.close();
      media.state = "closed";
      pc.close().catch(() => {});
    },
  };
}

/** Connects two legs' audio both ways, as an edge bridges two calls. */
export function bridgeLegs(a, b) {
  a.relay(b);
  b.relay(a);
}

export function unbridgeLegs(a, b) {
  a?.relay(null);
  b?.relay(null);
}
