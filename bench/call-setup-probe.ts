// The in-page stopwatch of bench/call-setup.ts, the same in the app and in the floor's bare page
// (an init script: it runs before the page's own code). Every time is the page's own clock.
//   __bench.arm()        before the timed click: clears the marks, and listens for the click
//   click                the first click after arm(): the event's timeStamp
//   inCallAt             the app: watchStatus(selector, value) sees the status attribute take the
//                        value; the floor's page calls __bench.mark("inCallAt") itself
//   toneAt               the first moment the newest remote audio track carries `toneHz`: an
//                        AnalyserNode (2048-point FFT, no smoothing) on every received audio track,
//                        read every 4 ms while armed
//   read()               the marks, the click on the wall clock, and the page's requests since
//                        the click (Resource Timing: the app's authorize round trip)
// A string, not a function: tsx's helpers must not reach the page.

/** What the page read for one call (ms on the page's performance clock). */
export type ProbeReading = {
  clickAt: number | null;
  inCallAt: number | null;
  toneAt: number | null;
  /** The click on the wall clock (ms since 1970), to line up with the SIP peer's log. */
  clickEpoch: number | null;
  /** Steps in the page (getUserMedia, peer connection, ICE gathering), ms after the click. */
  steps: Record<string, number>;
  /** The page's requests since the click (Resource Timing), ms after the click. */
  requests: { path: string; start: number; end: number }[];
};

export function probeScript(toneHz: number): string {
  return `(() => {
  if (window.__bench) return;
  const toneHz = ${JSON.stringify(toneHz)};
  const b = { armed: false, clickAt: null, inCallAt: null, toneAt: null };
  window.__bench = b;
  let audioContext = null;
  const listeners = [];
  // Created up front (as the app's audio element is): not part of any call's time.
  const context = () => (audioContext ??= new AudioContext());
  try { context(); } catch {}

  // Steps of the call on the page's clock, for the breakdown.
  b.steps = {};
  const step = (name) => {
    if (b.armed && b.clickAt !== null && !(name in b.steps)) b.steps[name] = performance.now();
  };
  const gum = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
  navigator.mediaDevices.getUserMedia = async (constraints) => {
    step("getUserMedia asked");
    const stream = await gum(constraints);
    step("getUserMedia answered");
    return stream;
  };
  const Native = window.RTCPeerConnection;
  class Probed extends Native {
    constructor(...args) {
      super(...args);
      step("peer connection created");
      this.addEventListener("track", (e) => listen(e.track));
      this.addEventListener("icegatheringstatechange", () => {
        if (this.iceGatheringState === "complete") step("ICE gathering complete");
      });
      this.addEventListener("connectionstatechange", () => {
        if (this.connectionState === "connected") step("media connected (ICE + DTLS)");
      });
    }
  }
  Object.defineProperty(window, "RTCPeerConnection", { value: Probed, writable: true, configurable: true });

  function listen(track) {
    if (track.kind !== "audio") return;
    const stream = new MediaStream([track]);
    // Chromium feeds a remote WebRTC track to WebAudio only while a media element plays it.
    const element = new Audio();
    element.muted = true;
    element.srcObject = stream;
    element.play().catch(() => {});
    const ctx = context();
    if (ctx.state !== "running") ctx.resume().catch(() => {});
    const analyser = ctx.createAnalyser();
    analyser.fftSize = 2048;
    analyser.smoothingTimeConstant = 0;
    ctx.createMediaStreamSource(stream).connect(analyser);
    listeners.push({ analyser, track, bins: new Float32Array(analyser.frequencyBinCount) });
  }

  function hearsTone() {
    const l = listeners.at(-1);
    if (!l || l.track.readyState !== "live") return false;
    l.analyser.getFloatFrequencyData(l.bins);
    const binHz = context().sampleRate / l.analyser.fftSize;
    let peak = -1;
    for (let i = Math.ceil(100 / binHz); i < l.bins.length; i++) {
      if (peak < 0 || l.bins[i] > l.bins[peak]) peak = i;
    }
    // Two bins either way (about 23 Hz each at 48 kHz), well above silence.
    return peak >= 0 && Math.abs(peak * binHz - toneHz) <= 25 && l.bins[peak] > -90;
  }

  function poll() {
    if (!b.armed) return;
    if (b.toneAt === null && b.clickAt !== null && hearsTone()) b.toneAt = performance.now();
    if (b.toneAt !== null && b.inCallAt !== null) b.armed = false;
    else setTimeout(poll, 4);
  }

  window.addEventListener("click", (e) => {
    if (!b.armed || b.clickAt !== null) return;
    const now = performance.now();
    // The event's own time when the browser gave a sane one (when the input arrived).
    b.clickAt = e.timeStamp > 0 && e.timeStamp <= now ? e.timeStamp : now;
  }, true);

  b.arm = () => {
    // The previous call's tracks are over; a new call brings a new one.
    listeners.length = 0;
    performance.clearResourceTimings();
    b.clickAt = null;
    b.inCallAt = null;
    b.toneAt = null;
    b.steps = {};
    b.armed = true;
    poll();
  };
  b.mark = (name) => {
    if (b.armed && b.clickAt !== null && b[name] === null) b[name] = performance.now();
  };
  b.read = () => ({
    clickAt: b.clickAt,
    inCallAt: b.inCallAt,
    toneAt: b.toneAt,
    clickEpoch: b.clickAt === null ? null : performance.timeOrigin + b.clickAt,
    steps: Object.fromEntries(Object.entries(b.steps).map(([k, v]) => [k, v - b.clickAt])),
    requests: b.clickAt === null ? [] : performance
      .getEntriesByType("resource")
      .filter((e) => e.startTime >= b.clickAt)
      .map((e) => ({
        path: new URL(e.name).pathname,
        start: e.startTime - b.clickAt,
        end: e.responseEnd - b.clickAt,
      })),
  });
  b.watchStatus = (selector, value) => {
    const check = () => {
      const el = document.querySelector(selector);
      if (el && el.getAttribute("data-status") === value) b.mark("inCallAt");
    };
    new MutationObserver(check).observe(document, { subtree: true, attributes: true, childList: true });
  };
})();`;
}
