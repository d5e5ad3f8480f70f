import "client-only";
import { useSyncExternalStore } from "react";
// From the modules themselves, not the ./storage barrel: the sign-in page must not load zod.
import {
  readStored,
  removeStored,
  subscribeStored,
  writeStored,
  type WriteResult,
} from "./storage/core";
import { sessionTokenKey, sessionUserKey } from "./storage/session-keys";

/**
 * Browser session: the token and username the login call returned, kept in local storage
 * under the spec's keys (lib/client/storage/session-keys.ts). `ready` is false during server render
 * and hydration, so callers can tell "not signed in" apart from "not read yet".
 */
export type Session = { token: string | null; username: string | null; ready: boolean };

const SERVER_SNAPSHOT: Session = { token: null, username: null, ready: false };
let cached: Session = SERVER_SNAPSHOT;

/** Current session; returns the same object while nothing changed (useSyncExternalStore needs that). */
export function readSession(): Session {
  const token = readStored(sessionTokenKey);
  const username = readStored(sessionUserKey);
  if (!cached.ready || cached.token !== token || cached.username !== username) {
    cached = { token, username, ready: true };
  }
  return cached;
}

export function writeSession(token: string, username: string): WriteResult {
  const stored = writeStored(sessionTokenKey, token);
  return stored.ok ? writeStored(sessionUserKey, username) : stored;
}

export function clearSession(): void {
  removeStored(sessionTokenKey);
  removeStored(sessionUserKey);
}

export function useSession(): Session {
  return useSyncExternalStore(subscribeStored, readSession, () => SERVER_SNAPSHOT);
}
