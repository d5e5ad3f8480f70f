import type { CallTransport } from "@/modules/dialer/lib/transport";
import { webAudio, type DropAudio } from "@/modules/voicemail/lib/browser/drop";

// The consent notice: played to the far end in place of the microphone (the same
// replaceTrack as a voicemail drop) before a recording starts; the microphone comes back when it
// has played out. Resolves false when it could not be played to its end (no call, the call
// ended, the audio would not decode): then nothing is recorded.

export async function playConsentNotice(
  transport: Pick<CallTransport, "subscribe" | "sendInPlaceOfMicrophone">,
  bytes: ArrayBuffer,
  audio: DropAudio = webAudio(),
): Promise<boolean> {
  let unsubscribe = () => {};
  try {
    const buffer = await audio.decode(bytes);
    return await new Promise<boolean>((resolve) => {
      const played = audio.play(buffer, () => {
        void transport.sendInPlaceOfMicrophone?.(null).then((ok) => resolve(ok));
      });
      unsubscribe = transport.subscribe((event) => {
        if (event.type !== "ended") return;
        played.stop();
        resolve(false);
      });
      void (transport.sendInPlaceOfMicrophone?.(played.track) ?? Promise.resolve(false)).then(
        (ok) => {
          if (ok) return;
          played.stop();
          resolve(false);
        },
        () => resolve(false),
      );
    });
  } catch {
    return false;
  } finally {
    unsubscribe();
    audio.close();
  }
}
