"use client";

import { AudioLines } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui";
import { clientComponent } from "@/components/ui/client-component";
import type { CallDto } from "@/modules/calls/lib/schemas";
import { useRecordingSettings } from "@/modules/recordings/client/recordings";
import { useSession } from "@/lib/client/session";

// A recorded call's play control in the Call Log, Call History and the drawer's Call Logs. The
// player and its waveform library load only when a recording is opened, so no page grows.
const RecordingPlayer = clientComponent(() =>
  import("./recording-player").then((m) => m.RecordingPlayer),
);

/** The play control for a call's recording, or the note that it was deleted; null without one. */
export function RecordingControl({ call }: { call: Pick<CallDto, "agent" | "recordings"> }) {
  const t = useTranslations("Recordings");
  const session = useSession();
  const settings = useRecordingSettings();
  const [open, setOpen] = useState(false);
  const latest = call.recordings?.at(-1);
  if (!latest) return null;
  if (latest.status === "deleted") {
    return (
      <span className="self-center text-xs text-fg-muted" data-testid="recording-deleted">
        {t("deleted")}
      </span>
    );
  }
  // The rep who made the call and the team's managers; the server refuses anyone else (404).
  const mayPlay = call.agent === session.username || settings.data?.hearsTeam === true;
  if (!mayPlay) return null;
  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        data-testid="recording-open"
      >
        <AudioLines aria-hidden />
        {t("play")}
      </Button>
      {open ? (
        <div className="basis-full">
          <RecordingPlayer recordingId={latest.id} onClose={() => setOpen(false)} />
        </div>
      ) : null}
    </>
  );
}
