"use client";

import { Pause, Play, Trash2, Upload } from "lucide-react";
import { useFormatter, useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { Badge, Button } from "@/components/ui";
import { ApiClientError } from "@/lib/client/api-error";
import { fetchAbandonmentMessageAudio } from "@/modules/power-dial/client/dialing-rules";
import { useDialingRulesChanges } from "@/modules/power-dial/hooks/use-dialing-rules";
import type { AbandonmentMessage } from "@/modules/power-dial/lib/schemas";
import { VOICEMAIL_MAX_BYTES, voicemailMimeOf } from "@/modules/voicemail/lib/constants";

type ErrorKey = "badType" | "tooLarge" | "empty" | "playFailed" | "failed";

const errorOfCode: Record<string, ErrorKey> = {
  voicemail_bad_media: "badType",
  voicemail_too_large: "tooLarge",
  voicemail_empty: "empty",
};

/**
 * The team's abandonment message: whether one is set, play it, upload or replace it (WebM, Ogg,
 * MP3 or WAV, checked by the server as a voicemail message is; a refusal keeps the old one), and
 * delete it. A manager's (`organization.dialing`).
 */
export function AbandonmentMessageControl({ message }: { message: AbandonmentMessage | null }) {
  const t = useTranslations("PowerDial.rules.message");
  const format = useFormatter();
  const { upload, remove } = useDialingRulesChanges();
  const input = useRef<HTMLInputElement>(null);
  const audio = useRef<HTMLAudioElement | null>(null);
  const [playing, setPlaying] = useState(false);
  const [error, setError] = useState<ErrorKey | null>(null);
  const maxText = format.number(VOICEMAIL_MAX_BYTES / 1024 / 1024, {
    style: "unit",
    unit: "megabyte",
  });
  const failed = (e: unknown) =>
    setError((e instanceof ApiClientError && errorOfCode[e.code ?? ""]) || "failed");

  // A new or deleted message: the audio fetched for the old one is dropped.
  const sha = message?.sha256 ?? null;
  useEffect(
    () => () => {
      const el = audio.current;
      audio.current = null;
      setPlaying(false);
      if (!el) return;
      el.pause();
      URL.revokeObjectURL(el.src);
    },
    [sha],
  );

  function pick(file: File | undefined) {
    if (!file) return;
    setError(null);
    const mime = voicemailMimeOf(file.type);
    if (!mime) return setError("badType");
    if (file.size === 0) return setError("empty");
    if (file.size > VOICEMAIL_MAX_BYTES) return setError("tooLarge");
    upload.mutate({ file, mime }, { onError: failed });
  }

  async function togglePlay() {
    if (playing) {
      audio.current?.pause();
      return setPlaying(false);
    }
    try {
      if (!audio.current) {
        audio.current = new Audio(URL.createObjectURL(await fetchAbandonmentMessageAudio()));
        audio.current.onended = () => setPlaying(false);
      }
      audio.current.currentTime = 0;
      await audio.current.play();
      setPlaying(true);
    } catch {
      setError("playFailed");
    }
  }

  return (
    <div className="grid gap-2" data-testid="abandonment-message">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <Badge tone={message ? "success" : "warning"} data-testid="abandonment-message-state">
          {message ? t("set") : t("missing")}
        </Badge>
        {message ? (
          <Button type="button" variant="secondary" size="sm" onClick={() => void togglePlay()}>
            {playing ? <Pause aria-hidden /> : <Play aria-hidden />}
            {playing ? t("pause") : t("play")}
          </Button>
        ) : null}
        <Button
          type="button"
          variant="secondary"
          size="sm"
          disabled={upload.isPending}
          onClick={() => input.current?.click()}
        >
          <Upload aria-hidden />
          {message ? t("replace") : t("upload")}
        </Button>
        {message ? (
          <Button
            type="button"
            variant="danger"
            size="sm"
            disabled={remove.isPending}
            onClick={() => {
              setError(null);
              remove.mutate(undefined, { onError: failed });
            }}
          >
            <Trash2 aria-hidden />
            {t("delete")}
          </Button>
        ) : null}
        <input
          ref={input}
          type="file"
          accept="audio/webm,audio/ogg,audio/mpeg,audio/wav,.webm,.ogg,.mp3,.wav"
          className="sr-only"
          tabIndex={-1}
          aria-hidden
          data-testid="abandonment-message-file"
          onChange={(e) => {
            pick(e.target.files?.[0]);
            e.target.value = "";
          }}
        />
      </div>
      <p className="text-xs text-fg-muted">{t("hint", { max: maxText })}</p>
      {error ? (
        <p role="alert" className="text-sm text-danger-text">
          {t(`error.${error}`, { max: maxText })}
        </p>
      ) : null}
    </div>
  );
}
