/**
 * The Telephony panel's form (browser-safe, pure): a line as the operator edits it, the body it
 * saves, and its inline errors by field path ("wsUrl", "iceServers.0.urls", "secret"), each an
 * error key from ./line-rules.ts that the panel translates. The server applies the same rules.
 */
import { ApiClientError } from "@/lib/client/api-error";
import {
  checkIceServer,
  checkSecret,
  checkSipDomain,
  checkWsUrl,
  type CredentialMode,
  type DtmfMode,
  type LineError,
} from "./line-rules";
import type { LineSettingsInput, OperatorLine } from "./schemas";

/** Messages by field path, as the server words them. */
export type FieldErrors = Record<string, string>;

export type IceDraft = { id: number; urls: string; username: string; credential: string };

export type LineDraft = {
  wsUrl: string;
  sipDomain: string;
  iceServers: IceDraft[];
  dtmfMode: DtmfMode;
  credentialMode: CredentialMode;
  /** Typed only when a secret is entered or replaced; never filled from the server. */
  secret: string;
};

let nextId = 0;
export const emptyIceServer = (): IceDraft => ({
  id: ++nextId,
  urls: "",
  username: "",
  credential: "",
});

export function draftOf(line: OperatorLine | null): LineDraft {
  return {
    wsUrl: line?.wsUrl ?? "",
    sipDomain: line?.sipDomain ?? "",
    iceServers: (line?.iceServers ?? []).map((s) => ({
      ...emptyIceServer(),
      urls: s.urls,
      username: s.username ?? "",
      credential: s.credential ?? "",
    })),
    dtmfMode: line?.dtmfMode ?? "rfc4733",
    credentialMode: line?.credentialMode ?? "ephemeral",
    secret: "",
  };
}

export function bodyOf(draft: LineDraft): LineSettingsInput {
  return {
    wsUrl: draft.wsUrl.trim(),
    sipDomain: draft.sipDomain.trim(),
    iceServers: draft.iceServers.map((s) => ({
      urls: s.urls.trim(),
      username: s.username.trim() || null,
      credential: s.credential || null,
    })),
    dtmfMode: draft.dtmfMode,
    credentialMode: draft.credentialMode,
    ...(draft.secret ? { secret: draft.secret } : {}),
  };
}

/** Every field's first error; empty when the draft can be saved. */
export function checkDraft(draft: LineDraft, secretStored: boolean): Record<string, LineError> {
  const errors: Record<string, LineError> = {};
  const wsUrl = checkWsUrl(draft.wsUrl.trim());
  if (wsUrl) errors.wsUrl = wsUrl;
  const domain = checkSipDomain(draft.sipDomain.trim().toLowerCase());
  if (domain) errors.sipDomain = domain;
  draft.iceServers.forEach((s, i) => {
    const problem = checkIceServer(
      { urls: s.urls.trim(), username: s.username.trim(), credential: s.credential },
      { mintedTurn: draft.credentialMode === "ephemeral" },
    );
    if (problem) errors[`iceServers.${i}.${problem.field}`] = problem.error;
  });
  const secret = checkSecret(draft.secret, !secretStored);
  if (secret) errors.secret = secret;
  return errors;
}

/** The server's messages by field path from a refused save; none for any other failure. */
export function serverFieldErrors(error: unknown): FieldErrors {
  if (!(error instanceof ApiClientError)) return {};
  return (error.body as { fields?: FieldErrors } | undefined)?.fields ?? {};
}
