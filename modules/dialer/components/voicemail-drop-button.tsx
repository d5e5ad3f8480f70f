"use client";

import { Mic, Voicemail } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button, cn, Spinner } from "@/components/ui";
import { useVoicemailDrop } from "@/modules/dialer/hooks/use-voicemail-drop";

/**
 * Drop voicemail (key V) on a connected real call, and while the message plays what the far end
 * hears, with Talk to take the microphone back (End stays beside it). `compact`: the phone's bar.
 */
export function VoicemailDropButton({ compact = false }: { compact?: boolean }) {
  const t = useTranslations("Voicemail");
  const { state, available, drop, takeBack } = useVoicemailDrop();
  if (state.phase === "playing") {
    return (
      <div
        role="status"
        className="flex items-center gap-2 rounded-md bg-primary-soft px-2 py-1.5 text-primary-soft-fg"
        data-testid="voicemail-playing"
      >
        <Voicemail aria-hidden className="size-4 shrink-0 motion-safe:animate-pulse" />
        <span className="min-w-0 flex-1 truncate text-xs font-medium">{t("dropping")}</span>
        <Button
          variant="secondary"
          size="sm"
          onClick={takeBack}
          aria-label={t("takeBackLong")}
          data-testid="voicemail-take-back"
        >
          <Mic aria-hidden />
          {t("takeBack")}
        </Button>
      </div>
    );
  }
  const loading = state.phase === "loading";
  return (
    <Button
      variant="secondary"
      size="sm"
      className={cn("w-full", compact && "h-9")}
      disabled={!available || loading}
      aria-keyshortcuts="V"
      onClick={drop}
      data-testid="voicemail-drop"
    >
      {loading ? <Spinner /> : <Voicemail aria-hidden />}
      <span className="truncate">{loading ? t("loadingMessage") : t("drop")}</span>
    </Button>
  );
}
