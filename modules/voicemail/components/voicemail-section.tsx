"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Mic, Square, Upload, Voicemail } from "lucide-react";
import { useFormatter, useTranslations } from "next-intl";
import { useRef, useState } from "react";
import {
  Button,
  EmptyState,
  Field,
  Input,
  ListError,
  ListLoading,
  SectionCard,
} from "@/components/ui";
import { toast } from "@/components/ui/toaster";
import { ApiClientError } from "@/lib/client/api-error";
import {
  uploadVoicemail,
  useVoicemails,
  voicemailsKey,
} from "@/modules/voicemail/client/voicemails";
import { formatMs } from "@/modules/dialer/lib/format";
import {
  VOICEMAIL_MAX_BYTES,
  VOICEMAIL_MAX_MESSAGES,
  VOICEMAIL_NAME_MAX,
  voicemailMimeOf,
} from "@/modules/voicemail/lib/constants";
import { useMicRecording } from "./use-mic-recording";
import { VoicemailRow } from "./voicemail-row";

type Pending = { blob: Blob; durationMs: number | null; label: string };
type ErrorKey =
  "badType" | "tooLarge" | "empty" | "limit" | "nameRequired" | "microphone" | "failed";

const errorOfCode: Record<string, ErrorKey> = {
  voicemail_bad_media: "badType",
  voicemail_too_large: "tooLarge",
  voicemail_empty: "empty",
  voicemail_limit: "limit",
};

/** How long an uploaded file plays (null when the browser cannot tell, as for MediaRecorder WebM). */
function measure(blob: Blob): Promise<number | null> {
  return new Promise((resolve) => {
    const audio = new Audio();
    const src = URL.createObjectURL(blob);
    const done = (value: number | null) => {
      URL.revokeObjectURL(src);
      resolve(value);
    };
    audio.preload = "metadata";
    audio.onloadedmetadata = () =>
      done(Number.isFinite(audio.duration) ? Math.round(audio.duration * 1000) : null);
    audio.onerror = () => done(null);
    audio.src = src;
  });
}

/**
 * Settings > Voicemail drop: the rep records (microphone) or uploads messages, names
 * them and picks the default that Drop voicemail plays during a call.
 */
export function VoicemailSection() {
  const t = useTranslations("Voicemail");
  const format = useFormatter();
  const queryClient = useQueryClient();
  const list = useVoicemails();
  const mic = useMicRecording();
  const fileInput = useRef<HTMLInputElement>(null);
  const [name, setName] = useState("");
  const [file, setFile] = useState<Pending | null>(null);
  const [error, setError] = useState<ErrorKey | null>(null);
  const maxText = format.number(VOICEMAIL_MAX_BYTES / 1024 / 1024, {
    style: "unit",
    unit: "megabyte",
  });
  const pending: Pending | null =
    file ??
    (mic.take
      ? {
          blob: mic.take.blob,
          durationMs: mic.take.durationMs,
          label: t("recorded", { time: formatMs(mic.take.durationMs) }),
        }
      : null);

  const save = useMutation({
    mutationFn: (p: Pending) => uploadVoicemail(p.blob, name.trim(), p.durationMs),
    onSuccess: () => {
      setFile(null);
      mic.clear();
      setName("");
      setError(null);
      toast.success(t("saved"));
      void queryClient.invalidateQueries({ queryKey: voicemailsKey });
    },
    onError: (e) =>
      setError((e instanceof ApiClientError && errorOfCode[e.code ?? ""]) || "failed"),
  });

  async function pickFile(chosen: File | undefined) {
    if (!chosen) return;
    setError(null);
    mic.clear();
    if (!voicemailMimeOf(chosen.type)) return setError("badType");
    if (chosen.size === 0) return setError("empty");
    if (chosen.size > VOICEMAIL_MAX_BYTES) return setError("tooLarge");
    if (!name.trim()) setName(chosen.name.replace(/\.[^.]+$/, "").slice(0, VOICEMAIL_NAME_MAX));
    setFile({ blob: chosen, durationMs: await measure(chosen), label: chosen.name });
  }

  async function record() {
    setError(null);
    setFile(null);
    if (!(await mic.start())) setError("microphone");
  }

  function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!pending) return;
    if (!name.trim()) return setError("nameRequired");
    save.mutate(pending);
  }

  const errorText = error
    ? t(`error.${error}`, { max: maxText, count: VOICEMAIL_MAX_MESSAGES })
    : undefined;
  const recording = mic.state !== "idle";

  return (
    <SectionCard id="voicemail" title={t("title")} description={t("description")}>
      <form className="grid gap-4" onSubmit={submit} data-testid="voicemail-new">
        <Field id="voicemail-name" label={t("name")} error={errorText}>
          <Input
            value={name}
            maxLength={VOICEMAIL_NAME_MAX}
            placeholder={t("namePlaceholder")}
            onChange={(e) => setName(e.target.value)}
          />
        </Field>
        <div className="flex flex-wrap items-center gap-3">
          {recording ? (
            <Button type="button" variant="danger" onClick={mic.stop} data-testid="voicemail-stop">
              <Square aria-hidden className="fill-current" />
              {t("stop")}
            </Button>
          ) : (
            <Button
              type="button"
              variant="secondary"
              onClick={record}
              data-testid="voicemail-record"
            >
              <Mic aria-hidden />
              {t("record")}
            </Button>
          )}
          <Button
            type="button"
            variant="secondary"
            disabled={recording}
            onClick={() => fileInput.current?.click()}
          >
            <Upload aria-hidden />
            {t("upload")}
          </Button>
          <input
            ref={fileInput}
            type="file"
            accept="audio/webm,audio/ogg,audio/mpeg,audio/wav,.webm,.ogg,.mp3,.wav"
            className="sr-only"
            tabIndex={-1}
            aria-hidden
            data-testid="voicemail-file"
            onChange={(e) => {
              void pickFile(e.target.files?.[0]);
              e.target.value = "";
            }}
          />
          <span className="text-xs text-fg-muted">{t("uploadHint", { max: maxText })}</span>
        </div>
        {recording ? (
          <p role="status" className="text-sm font-medium text-danger-text" dir="auto">
            {t("recordingNow", { time: formatMs(mic.elapsedMs) })}
          </p>
        ) : null}
        {pending && !recording ? (
          <div className="flex flex-wrap items-center gap-3 rounded-lg border border-line p-3">
            <span className="min-w-0 flex-1 truncate text-sm" data-testid="voicemail-pending">
              <bdi>{pending.label}</bdi>
            </span>
            <Button type="submit" disabled={save.isPending} data-testid="voicemail-save">
              {save.isPending ? t("saving") : t("save")}
            </Button>
            <Button
              type="button"
              variant="ghost"
              onClick={() => {
                setFile(null);
                mic.clear();
              }}
            >
              {t("discard")}
            </Button>
          </div>
        ) : null}
      </form>
      <div className="mt-5">
        {list.isPending ? (
          <ListLoading label={t("loading")} testId="voicemail-loading" />
        ) : list.isError ? (
          <ListError
            message={t("loadError")}
            retryLabel={t("retry")}
            onRetry={() => void list.refetch()}
            testId="voicemail-error"
          />
        ) : list.data.length === 0 ? (
          <EmptyState
            icon={Voicemail}
            headingLevel={3}
            title={t("emptyTitle")}
            description={t("emptyDescription")}
          />
        ) : (
          <ul aria-label={t("list")} className="divide-y divide-line" data-testid="voicemail-list">
            {list.data.map((message) => (
              <VoicemailRow key={message.id} message={message} />
            ))}
          </ul>
        )}
      </div>
    </SectionCard>
  );
}
