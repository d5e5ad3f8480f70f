"use client";

import { useEffect, useRef, useState } from "react";
import { pickMimeType } from "@/modules/recordings/lib/browser/mix-recorder";
import { withWebmDuration } from "@/modules/recordings/lib/webm-duration";

export type MicTake = { blob: Blob; durationMs: number };

/**
 * Records a voicemail message from the rep's microphone with MediaRecorder (WebM/Opus where the
 * browser has it). The elapsed time ticks while recording; stopping hands over the take.
 */
export function useMicRecording() {
  const [state, setState] = useState<"idle" | "starting" | "recording">("idle");
  const [elapsedMs, setElapsedMs] = useState(0);
  const [take, setTake] = useState<MicTake | null>(null);
  const live = useRef<{ recorder: MediaRecorder; stream: MediaStream; startedAt: number } | null>(
    null,
  );

  useEffect(() => {
    if (state !== "recording") return;
    const id = window.setInterval(() => {
      if (live.current) setElapsedMs(performance.now() - live.current.startedAt);
    }, 250);
    return () => window.clearInterval(id);
  }, [state]);

  // Leaving the screen mid-take releases the microphone.
  useEffect(
    () => () => {
      live.current?.stream.getTracks().forEach((track) => track.stop());
      live.current = null;
    },
    [],
  );

  async function start(): Promise<boolean> {
    if (state !== "idle") return false;
    const mimeType = pickMimeType();
    if (!mimeType || !navigator.mediaDevices?.getUserMedia) return false;
    setState("starting");
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true, video: false });
      const recorder = new MediaRecorder(stream, { mimeType });
      const parts: Blob[] = [];
      const startedAt = performance.now();
      recorder.ondataavailable = (e) => e.data.size > 0 && parts.push(e.data);
      recorder.onstop = async () => {
        stream.getTracks().forEach((track) => track.stop());
        const type = (recorder.mimeType || mimeType).split(";")[0]!;
        const durationMs = performance.now() - startedAt;
        const raw = new Uint8Array(await new Blob(parts).arrayBuffer());
        // The message keeps its length in its header (MediaRecorder's WebM has none).
        const bytes = type === "audio/webm" ? withWebmDuration(raw, durationMs) : raw;
        setTake({ blob: new Blob([bytes as BlobPart], { type }), durationMs });
        live.current = null;
        setState("idle");
      };
      live.current = { recorder, stream, startedAt };
      setTake(null);
      setElapsedMs(0);
      recorder.start(1000);
      setState("recording");
      return true;
    } catch {
      setState("idle");
      return false;
    }
  }

  function stop() {
    const current = live.current;
    if (current && current.recorder.state !== "inactive") current.recorder.stop();
  }

  return { state, elapsedMs, take, start, stop, clear: () => setTake(null) };
}
