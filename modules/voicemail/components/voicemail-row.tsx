"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Check, Pause, Pencil, Play, Star, Trash2, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { Badge, Button, IconButton, Input } from "@/components/ui";
import { toast } from "@/components/ui/toaster";
import {
  deleteVoicemail,
  fetchVoicemailAudio,
  updateVoicemail,
  voicemailsKey,
} from "@/modules/voicemail/client/voicemails";
import { formatMs } from "@/modules/dialer/lib/format";
import { VOICEMAIL_NAME_MAX } from "@/modules/voicemail/lib/constants";
import type { VoicemailDto } from "@/modules/voicemail/lib/schemas";

/** One of the rep's messages: listen, rename, make default, delete. */
export function VoicemailRow({ message }: { message: VoicemailDto }) {
  const t = useTranslations("Voicemail");
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(message.name);
  const [playing, setPlaying] = useState(false);
  const audio = useRef<HTMLAudioElement | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: voicemailsKey });
  const failed = () => toast.error(t("error.failed"));

  const update = useMutation({
    mutationFn: (body: { name?: string; isDefault?: true }) => updateVoicemail(message.id, body),
    onSuccess: () => {
      setEditing(false);
      refresh();
    },
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: () => deleteVoicemail(message.id),
    onSuccess: (messages) => {
      queryClient.setQueryData(voicemailsKey, messages);
      toast.success(t("deleted"));
    },
    onError: failed,
  });

  useEffect(
    () => () => {
      const el = audio.current;
      if (!el) return;
      el.pause();
      URL.revokeObjectURL(el.src);
    },
    [],
  );

  async function togglePlay() {
    if (playing) {
      audio.current?.pause();
      setPlaying(false);
      return;
    }
    try {
      if (!audio.current) {
        const blob = await fetchVoicemailAudio(message.id);
        audio.current = new Audio(URL.createObjectURL(blob));
        audio.current.onended = () => setPlaying(false);
      }
      audio.current.currentTime = 0;
      await audio.current.play();
      setPlaying(true);
    } catch {
      toast.error(t("dropFailed"));
    }
  }

  const name = message.name;
  return (
    <li className="flex flex-wrap items-center gap-2 py-3" data-testid="voicemail-item">
      <IconButton
        label={playing ? t("stopPlaying", { name }) : t("play", { name })}
        variant="ghost"
        onClick={() => void togglePlay()}
      >
        {playing ? <Pause aria-hidden /> : <Play aria-hidden />}
      </IconButton>
      {editing ? (
        <form
          className="flex min-w-0 flex-1 items-center gap-1"
          onSubmit={(e) => {
            e.preventDefault();
            if (draft.trim()) update.mutate({ name: draft.trim() });
          }}
        >
          <Input
            aria-label={t("name")}
            value={draft}
            maxLength={VOICEMAIL_NAME_MAX}
            autoFocus
            onChange={(e) => setDraft(e.target.value)}
            className="min-w-0 flex-1"
          />
          <IconButton type="submit" label={t("renameSave")} variant="ghost">
            <Check aria-hidden />
          </IconButton>
          <IconButton label={t("cancel")} variant="ghost" onClick={() => setEditing(false)}>
            <X aria-hidden />
          </IconButton>
        </form>
      ) : (
        // The name wraps rather than truncates: at 360 px the actions leave it a few letters.
        <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-2 gap-y-1">
          <span
            className="min-w-0 break-words text-sm font-medium text-fg"
            data-testid="voicemail-name"
          >
            <bdi>{name}</bdi>
          </span>
          {message.durationMs !== null ? (
            <span dir="ltr" className="font-mono text-xs tabular-nums text-fg-muted">
              {formatMs(message.durationMs)}
            </span>
          ) : null}
          {message.isDefault ? (
            <Badge tone="brand" data-testid="voicemail-default">
              <Star aria-hidden className="fill-current" />
              {t("default")}
            </Badge>
          ) : null}
        </div>
      )}
      <div className="flex items-center gap-1">
        {message.isDefault ? null : (
          <Button
            variant="ghost"
            size="sm"
            disabled={update.isPending}
            onClick={() => update.mutate({ isDefault: true })}
          >
            {t("makeDefault")}
          </Button>
        )}
        {editing ? null : (
          <IconButton
            label={t("rename", { name })}
            variant="ghost"
            onClick={() => {
              setDraft(name);
              setEditing(true);
            }}
          >
            <Pencil aria-hidden />
          </IconButton>
        )}
        <IconButton
          label={t("delete", { name })}
          variant="ghost"
          disabled={remove.isPending}
          onClick={() => remove.mutate()}
        >
          <Trash2 aria-hidden />
        </IconButton>
      </div>
    </li>
  );
}
