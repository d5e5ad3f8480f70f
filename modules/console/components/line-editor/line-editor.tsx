"use client";

import { useId } from "react";
import type { LineTestResult, TelephonyOrganization } from "@/modules/telephony/lib/schemas";
import { useLineEditor, type Notice } from "@/modules/console/hooks/use-line-editor";
import { CallModeFields } from "./call-mode-fields";
import { ConnectionFields } from "./connection-fields";
import { IceServersFieldset } from "./ice-servers-fieldset";
import { LineActions } from "./line-actions";
import { LineSaved } from "./line-saved";
import { RemoveConfirm } from "./remove-confirm";
import { SecretField } from "./secret-field";

/**
 * An organization's line, edited in place: checked as typed by the rules the server applies,
 * saved, tested from the server and removed. One `ids` prefix names every field, so the sections'
 * labels, hints and the test hint stay tied to their controls.
 */
export function LineEditor({
  org,
  onNotice,
  onTestResult,
}: {
  org: TelephonyOrganization;
  onNotice: (notice: Notice | null) => void;
  onTestResult: (result: LineTestResult | null) => void;
}) {
  const editor = useLineEditor({ org, onNotice, onTestResult });
  const { line, draft, edit, errorText, serverErrors } = editor;
  const ids = useId();

  return (
    <form
      className="grid grid-cols-1 gap-4"
      onSubmit={editor.submit}
      noValidate
      aria-label={org.name}
    >
      <LineSaved line={line} />
      <ConnectionFields ids={ids} draft={draft} edit={edit} errorText={errorText} />
      <IceServersFieldset
        ids={ids}
        iceServers={draft.iceServers}
        edit={edit}
        errorText={errorText}
        serverErrors={serverErrors}
      />
      <CallModeFields ids={ids} draft={draft} edit={edit} serverErrors={serverErrors} />
      <SecretField
        ids={ids}
        line={line}
        secret={draft.secret}
        replacing={editor.replacing}
        onSecret={(secret) => edit({ secret })}
        onReplace={editor.replaceSecret}
        onKeep={editor.keepSecret}
        error={errorText("secret")}
      />
      <LineActions
        ids={ids}
        hasLine={Boolean(line)}
        busy={editor.busy}
        saving={editor.saving}
        testing={editor.testing}
        onTest={editor.runTest}
        onRemove={editor.askRemove}
      />
      {editor.confirming ? (
        <RemoveConfirm
          ids={ids}
          name={org.name}
          removing={editor.removing}
          onConfirm={editor.confirmRemove}
          onCancel={editor.cancelRemove}
        />
      ) : null}
    </form>
  );
}
