"use client";

import { Volume2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui";
import { Dialog } from "@/components/ui/dialog";
import { Select } from "@/components/ui/select";
import { useStoredValue } from "@/lib/client/storage";
import { audioDevicesKey } from "@/modules/dialer/lib/storage-keys";

/** The value the Select uses for "the browser's default" (a device id is never empty). */
const DEFAULT = "default-device";
const TEST_TONE_HZ = 440;
const TEST_TONE_MS = 800;

type Devices = { microphones: MediaDeviceInfo[]; speakers: MediaDeviceInfo[] };

/**
 * Microphone and speaker for real calls, remembered per rep (local storage): the microphone
 * with a live level meter, the speaker with a test tone. Opening it asks for the microphone
 * (device names are hidden until the page may use one); it is never asked on page load.
 */
export function AudioDevicesDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useTranslations("Dialer");
  const [choice, setChoice] = useStoredValue(audioDevicesKey);
  const [devices, setDevices] = useState<Devices | null>(null);
  const [blocked, setBlocked] = useState(false);
  const [level, setLevel] = useState(0);
  const [attempt, setAttempt] = useState(0);

  // While open: the chosen microphone, measured for the meter; the device lists once allowed.
  useEffect(() => {
    if (!open || !navigator.mediaDevices?.getUserMedia) return;
    let stream: MediaStream | null = null;
    let context: AudioContext | null = null;
    let frame = 0;
    let stopped = false;
    const micId = choice.microphoneId;
    void navigator.mediaDevices
      .getUserMedia({ audio: micId ? { deviceId: { exact: micId } } : true, video: false })
      .then(async (granted) => {
        if (stopped) return granted.getTracks().forEach((track) => track.stop());
        stream = granted;
        setBlocked(false);
        const all = await navigator.mediaDevices.enumerateDevices();
        setDevices({
          microphones: all.filter((d) => d.kind === "audioinput"),
          speakers: all.filter((d) => d.kind === "audiooutput"),
        });
        context = new AudioContext();
        const analyser = context.createAnalyser();
        analyser.fftSize = 512;
        context.createMediaStreamSource(granted).connect(analyser);
        const samples = new Float32Array(analyser.fftSize);
        const measure = () => {
          analyser.getFloatTimeDomainData(samples);
          let sum = 0;
          for (const s of samples) sum += s * s;
          // RMS on a rough log scale: speech sits in the middle of the bar.
          const rms = Math.sqrt(sum / samples.length);
          setLevel(Math.min(1, Math.max(0, 1 + Math.log10(rms + 1e-6) / 3)));
          frame = requestAnimationFrame(measure);
        };
        measure();
      })
      .catch(() => {
        if (!stopped) setBlocked(true);
      });
    return () => {
      stopped = true;
      cancelAnimationFrame(frame);
      stream?.getTracks().forEach((track) => track.stop());
      void context?.close();
      setLevel(0);
    };
  }, [open, choice.microphoneId, attempt]);

  const playTestTone = () => {
    const audio = new Audio();
    const context = new AudioContext();
    const destination = context.createMediaStreamDestination();
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    gain.gain.value = 0.1;
    oscillator.frequency.value = TEST_TONE_HZ;
    oscillator.connect(gain).connect(destination);
    audio.srcObject = destination.stream;
    const sink = audio as HTMLAudioElement & { setSinkId?: (id: string) => Promise<void> };
    void (choice.speakerId && sink.setSinkId ? sink.setSinkId(choice.speakerId) : Promise.resolve())
      .catch(() => undefined)
      .then(() => audio.play())
      .catch(() => undefined);
    oscillator.start();
    setTimeout(() => {
      oscillator.stop();
      audio.srcObject = null;
      void context.close();
    }, TEST_TONE_MS);
  };

  const items = (list: MediaDeviceInfo[], fallbackLabel: string) => [
    { value: DEFAULT, label: t("devices.default") },
    ...list
      .filter((d) => d.deviceId && d.deviceId !== "default")
      .map((d, i) => ({ value: d.deviceId, label: d.label || `${fallbackLabel} ${i + 1}` })),
  ];
  const canChooseSpeaker =
    typeof HTMLMediaElement !== "undefined" && "setSinkId" in HTMLMediaElement.prototype;

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("audioDevices")}
      footer={
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          {t("devices.done")}
        </Button>
      }
    >
      {blocked ? (
        <div className="space-y-3 text-sm">
          <p>{t("notice.microphoneBlocked")}</p>
          <Button variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
            {t("devices.allowButton")}
          </Button>
        </div>
      ) : (
        <div className="space-y-4">
          <div className="space-y-2">
            <Select
              label={t("devices.microphone")}
              value={choice.microphoneId ?? DEFAULT}
              disabled={!devices}
              items={items(devices?.microphones ?? [], t("devices.microphone"))}
              onValueChange={(value) =>
                setChoice({ ...choice, microphoneId: value === DEFAULT ? null : value })
              }
            />
            <div
              role="meter"
              aria-label={t("devices.level")}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(level * 100)}
              className="h-2 overflow-hidden rounded-full bg-surface-muted"
            >
              <div
                className="h-full origin-left bg-emerald-500 transition-transform duration-75 rtl:origin-right motion-reduce:transition-none"
                style={{ transform: `scaleX(${level})` }}
              />
            </div>
          </div>
          <div className="space-y-2">
            {canChooseSpeaker ? (
              <Select
                label={t("devices.speaker")}
                value={choice.speakerId ?? DEFAULT}
                disabled={!devices}
                items={items(devices?.speakers ?? [], t("devices.speaker"))}
                onValueChange={(value) =>
                  setChoice({ ...choice, speakerId: value === DEFAULT ? null : value })
                }
              />
            ) : (
              <p className="text-sm text-fg-muted">{t("devices.noSpeakerChoice")}</p>
            )}
            <Button variant="secondary" size="sm" onClick={playTestTone}>
              <Volume2 aria-hidden />
              {t("devices.testTone")}
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
