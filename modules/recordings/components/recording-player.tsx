"use client";

import { Download, Pause, Play, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import WaveSurfer from "wavesurfer.js";
import { Button, IconButton, Spinner, cn } from "@/components/ui";
import { fetchRecordingAudio } from "@/modules/recordings/client/recordings";
import { formatMs } from "@/modules/dialer/lib/format";

// The call recording player, loaded only when a rep opens a recording: the waveform
// (wavesurfer.js), play and pause, seek by click, drag or keys, 1x/1.5x/2x and download. The
// audio is fetched once with the rep's credential (the server audits it as a play) and played
// from memory; WebM from MediaRecorder carries no duration, so the decoded audio gives it.

const SPEEDS = [1, 1.5, 2] as const;
const SEEK_SECONDS = 5;

const cssVar = (name: string) =>
  getComputedStyle(document.documentElement).getPropertyValue(name).trim() || undefined;

function saveBlob(blob: Blob, name: string) {
  const href = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = href;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

export function RecordingPlayer({
  recordingId,
  onClose,
}: {
  recordingId: string;
  onClose: () => void;
}) {
  const t = useTranslations("Recordings.player");
  const waveRef = useRef<HTMLDivElement>(null);
  const wsRef = useRef<WaveSurfer | null>(null);
  const [state, setState] = useState<"loading" | "ready" | "error">("loading");
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const [speed, setSpeed] = useState<(typeof SPEEDS)[number]>(1);
  const [downloading, setDownloading] = useState(false);

  useEffect(() => {
    const container = waveRef.current;
    if (!container) return;
    const controller = new AbortController();
    const ws = WaveSurfer.create({
      container,
      height: 56,
      barWidth: 2,
      barGap: 1,
      barRadius: 2,
      normalize: true,
      dragToSeek: true,
      waveColor: cssVar("--fg-muted") ?? "#94a3b8",
      progressColor: cssVar("--primary") ?? "#1b56c4",
      cursorColor: cssVar("--fg") ?? "#0f172a",
    });
    wsRef.current = ws;
    ws.on("ready", (d) => {
      setDuration(d);
      setState("ready");
    });
    ws.on("timeupdate", (now) => setTime(now));
    ws.on("play", () => setPlaying(true));
    ws.on("pause", () => setPlaying(false));
    ws.on("finish", () => setPlaying(false));
    ws.on("error", () => setState("error"));
    fetchRecordingAudio(recordingId, { signal: controller.signal })
      .then(({ blob }) => ws.loadBlob(blob))
      .catch(() => {
        if (!controller.signal.aborted) setState("error");
      });
    return () => {
      controller.abort();
      ws.destroy();
      wsRef.current = null;
    };
  }, [recordingId]);

  const toggle = () => void wsRef.current?.playPause();
  const seekBy = (seconds: number) => {
    const ws = wsRef.current;
    if (!ws || !duration) return;
    ws.setTime(Math.min(duration, Math.max(0, ws.getCurrentTime() + seconds)));
  };
  const chooseSpeed = (next: (typeof SPEEDS)[number]) => {
    setSpeed(next);
    wsRef.current?.setPlaybackRate(next, true);
  };
  const download = async () => {
    setDownloading(true);
    try {
      const { blob, fileName } = await fetchRecordingAudio(recordingId, { download: true });
      saveBlob(blob, fileName ?? `call-recording-${recordingId}.webm`);
    } catch {
      setState("error");
    } finally {
      setDownloading(false);
    }
  };
  const onKeyDown = (e: React.KeyboardEvent) => {
    // The waveform runs left to right in every language (time does), so do its arrow keys.
    if (e.key === " " || e.key === "k") toggle();
    else if (e.key === "ArrowRight" || e.key === "l") seekBy(SEEK_SECONDS);
    else if (e.key === "ArrowLeft" || e.key === "j") seekBy(-SEEK_SECONDS);
    else if (e.key === "Home") wsRef.current?.setTime(0);
    else if (e.key === "End") wsRef.current?.setTime(duration);
    else return;
    e.preventDefault();
  };

  const ready = state === "ready";
  return (
    <section
      aria-label={t("title")}
      // At most 36rem wide, on the start side: the floating dialer rests over the end side of
      // the page on a desktop (as the Call Log's own actions do).
      className="grid w-full max-w-xl gap-2 rounded-lg border border-line bg-surface-muted p-3"
      data-testid="recording-player"
      data-state={state}
    >
      <div className="flex flex-wrap items-center gap-2">
        <Button
          size="sm"
          onClick={toggle}
          disabled={!ready}
          aria-pressed={playing}
          data-testid="recording-play"
        >
          {playing ? <Pause aria-hidden /> : <Play aria-hidden />}
          {playing ? t("pause") : t("play")}
        </Button>
        {/* The page's direction: in Arabic "00:05 من 00:06" must read right to left. */}
        <span
          className="font-mono text-sm tabular-nums text-fg"
          data-testid="recording-time"
          data-duration-ms={Math.round(duration * 1000)}
        >
          {t("position", { current: formatMs(time * 1000), total: formatMs(duration * 1000) })}
        </span>
        <IconButton
          size="sm"
          variant="ghost"
          label={t("close")}
          onClick={onClose}
          data-testid="recording-close"
        >
          <X aria-hidden />
        </IconButton>
      </div>
      <div
        ref={waveRef}
        dir="ltr"
        tabIndex={0}
        role="slider"
        aria-label={t("waveform")}
        aria-valuemin={0}
        aria-valuemax={Math.round(duration)}
        aria-valuenow={Math.round(time)}
        aria-valuetext={formatMs(time * 1000)}
        onKeyDown={onKeyDown}
        className={cn(
          "min-h-14 rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-focus",
          !ready && "opacity-50",
        )}
        data-testid="recording-waveform"
      />
      {state === "loading" ? (
        <p className="flex items-center gap-2 text-sm text-fg-muted">
          <Spinner /> {t("loading")}
        </p>
      ) : null}
      {state === "error" ? (
        <p role="alert" className="text-sm text-danger-text">
          {t("error")}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <div role="group" aria-label={t("speed")} className="flex gap-1">
          {SPEEDS.map((s) => (
            <Button
              key={s}
              size="sm"
              variant={speed === s ? "primary" : "secondary"}
              aria-pressed={speed === s}
              onClick={() => chooseSpeed(s)}
              data-testid={`recording-speed-${s}`}
            >
              <bdi dir="ltr">{`${s}x`}</bdi>
            </Button>
          ))}
        </div>
        <Button
          size="sm"
          variant="secondary"
          onClick={() => void download()}
          disabled={downloading}
          data-testid="recording-download"
        >
          {downloading ? <Spinner /> : <Download aria-hidden />}
          {t("download")}
        </Button>
      </div>
    </section>
  );
}
