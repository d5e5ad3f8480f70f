"use client";

import { Upload } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRef } from "react";
import { Badge, Button } from "@/components/ui";

/**
 * An organization's recording consent notice: whether one is set, and a button that
 * uploads a new one (WebM, Ogg, MP3 or WAV; the server checks it and keeps the old one on a
 * refusal). Used by the console's Call recordings panel.
 */
export function ConsentNoticeUpload({
  name,
  hasNotice,
  upload,
}: {
  name: string;
  hasNotice: boolean;
  upload: (file: File) => void;
}) {
  const t = useTranslations("Recordings.console");
  const input = useRef<HTMLInputElement>(null);
  return (
    <span className="flex items-center gap-2">
      <Badge tone={hasNotice ? "success" : "neutral"} data-testid="consent-notice-state">
        {hasNotice ? t("noticeSet") : t("noticeMissing")}
      </Badge>
      <Button
        type="button"
        variant="secondary"
        size="sm"
        // The name starts with the visible text, so speech input ("click Upload notice") finds
        // it (WCAG 2.5.3), and adds whose notice it is.
        aria-label={t("noticeUploadOf", { name })}
        onClick={() => input.current?.click()}
      >
        <Upload aria-hidden />
        {t("noticeUpload")}
      </Button>
      <input
        ref={input}
        type="file"
        accept="audio/webm,audio/ogg,audio/mpeg,audio/wav,.webm,.ogg,.mp3,.wav"
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        data-testid="consent-notice-file"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) upload(file);
          e.target.value = "";
        }}
      />
    </span>
  );
}
