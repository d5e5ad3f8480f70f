// The monitoring connection's WebRTC plumbing, shared by the manager's browser (which offers)
// and the rep's (which answers). Descriptions are exchanged whole through the server (no trickle):
// each side waits for its ICE candidates before it sends, which on a LAN or loopback takes a
// few milliseconds and with a TURN server at most `ICE_GATHERING_MS`.

/** The longest a side waits for its ICE candidates before sending what it has. */
export const ICE_GATHERING_MS = 3_000;

/** Sets the local description and waits for ICE gathering; answers the complete SDP. */
export async function completeLocalDescription(
  pc: RTCPeerConnection,
  description: RTCSessionDescriptionInit,
): Promise<string> {
  await pc.setLocalDescription(description);
  if (pc.iceGatheringState !== "complete") {
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        pc.removeEventListener("icegatheringstatechange", check);
        resolve();
      };
      const check = () => {
        if (pc.iceGatheringState === "complete") done();
      };
      const timer = setTimeout(done, ICE_GATHERING_MS);
      pc.addEventListener("icegatheringstatechange", check);
    });
  }
  const sdp = pc.localDescription?.sdp;
  if (!sdp) throw new Error("no local description");
  return sdp;
}

/**
 * Chromium feeds a remote WebRTC track to Web Audio only while a media element plays it: an
 * element (muted unless `audible`) that plays `track`, to pass to `createMediaStreamSource` and
 * to let the person hear it when it should be heard.
 */
export function playTrack(track: MediaStreamTrack, audible: boolean): HTMLAudioElement {
  const element = new Audio();
  element.autoplay = true;
  element.muted = !audible;
  element.srcObject = new MediaStream([track]);
  void element.play().catch(() => undefined);
  return element;
}

export function stopElement(element: HTMLAudioElement | null) {
  if (!element) return;
  element.pause();
  element.srcObject = null;
  element.remove();
}
