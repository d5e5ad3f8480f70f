"use client";

import { useState } from "react";
import { Plus, Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { can } from "@/lib/auth/permissions";
import { useMemberRole } from "@/lib/client/member-role";
import { Button, Field, IconButton, Textarea } from "@/components/ui";
import { NOTE_MAX_CHARS } from "@/modules/facility/lib/limits";
import type { FacilityData } from "@/modules/facility/lib/schemas";
import { addNote, removeNote, type Updater } from "@/modules/facility/lib/updaters";
import { canSaveNote } from "@/modules/facility/lib/validation";
import type { UpdateResult } from "@/modules/facility/lib/store";
import { useSession } from "@/lib/client/session";
import { itemKey } from "@/modules/records/client/items";
import type { ItemMeta } from "@/modules/records/client/merge";
import { useLocalTime } from "./use-local-time";
import { ItemByline, NeedsFixing } from "./record-meta";

/** Spec 4 "Note editor": an open draft, then Save (added) or Cancel (discarded). */
export function FacilityNotes({
  data,
  update,
  meta = {},
}: {
  data: FacilityData;
  update: (fn: Updater) => UpdateResult;
  /** Who changed each item when, from the team sync (by item key). */
  meta?: Record<string, ItemMeta>;
}) {
  const t = useTranslations("Facility");
  const time = useLocalTime();
  // A manager may correct or delete a teammate's note too; the byline then names the manager.
  const moderate = can(useMemberRole(), "notes.moderate");
  const [draft, setDraft] = useState<string | null>(null);
  const { username } = useSession();
  const notes = [...data.notes].sort((a, b) => b.created - a.created);

  const save = () => {
    if (draft === null || !canSaveNote(draft)) return;
    // A write that fails (full storage) is still held in this page and reported by the drawer.
    update(addNote(draft, { id: crypto.randomUUID(), now: Date.now() }));
    setDraft(null);
  };

  return (
    <div className="grid gap-3">
      {draft === null ? (
        <Button
          variant="secondary"
          size="sm"
          className="justify-self-start"
          onClick={() => setDraft("")}
        >
          <Plus aria-hidden />
          {t("notes.draft")}
        </Button>
      ) : (
        <form
          className="grid gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            save();
          }}
        >
          <Field label={t("notes.draft")} counter={{ value: draft.length, max: NOTE_MAX_CHARS }}>
            <Textarea
              autoFocus
              value={draft}
              maxLength={NOTE_MAX_CHARS}
              onChange={(e) => setDraft(e.target.value)}
              aria-keyshortcuts="Control+Enter Meta+Enter"
              // Enter makes a new line in a note; Ctrl+Enter (Cmd+Enter) saves it.
              onKeyDown={(e) => {
                if (e.key !== "Enter" || !(e.ctrlKey || e.metaKey)) return;
                e.preventDefault();
                e.currentTarget.form?.requestSubmit();
              }}
            />
          </Field>
          <div className="flex gap-2">
            <Button type="submit" size="sm" disabled={!canSaveNote(draft)}>
              {t("notes.save")}
            </Button>
            <Button variant="secondary" size="sm" onClick={() => setDraft(null)}>
              {t("notes.cancel")}
            </Button>
          </div>
        </form>
      )}
      {notes.length === 0 ? (
        <p className="text-sm text-fg-muted">{t("notes.none")}</p>
      ) : (
        <ul aria-label={t("notes.title")} className="grid gap-2" data-testid="facility-notes">
          {notes.map((note) => (
            <li key={note.id} className="flex items-start gap-2 rounded-lg bg-surface-muted p-2.5">
              <div className="min-w-0 flex-1">
                <p className="whitespace-pre-wrap break-words text-sm text-fg">{note.text}</p>
                <p className="mt-1 text-xs text-fg-muted">
                  {t("notes.created", { date: time.format(note.created) })}
                </p>
                <ItemByline meta={meta[itemKey("note", note.id)]} />
              </div>
              <NeedsFixing meta={meta[itemKey("note", note.id)]} />
              {/* A note is removed by its author only (the server refuses anyone else's). */}
              {isColleagues(meta[itemKey("note", note.id)], username) && !moderate ? null : (
                <IconButton
                  label={t("notes.remove")}
                  size="sm"
                  tooltip={false}
                  onClick={() => update(removeNote(note.id))}
                >
                  <Trash2 aria-hidden />
                </IconButton>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Written by someone else on the team (a note without meta is this browser's own, unsynced). */
function isColleagues(meta: ItemMeta | undefined, username: string | null): boolean {
  return meta !== undefined && username !== null && meta.createdBy !== username;
}
