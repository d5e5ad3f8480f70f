"use client";

import { useSyncExternalStore } from "react";

/**
 * Browser session: the token and username the login call returned, kept in localStorage
 * under the spec's keys. `ready` is false during server render and hydration, so callers
 * can tell "not signed in" apart from "not read yet".
 */
export const TOKEN_KEY = "auth.token";
export const USER_KEY = "auth.user";
const CHANGE_EVENT = "auth:change";

export type Session = { token: string | null; username: string | null; ready: boolean };

const SERVER_SNAPSHOT: Session = { token: null, username: null, ready: false };
let cached: Session = SERVER_SNAPSHOT;

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null; // storage disabled (private mode, sandboxed frame): behave as signed out
  }
}

/** Current session; returns the same object while nothing changed (useSyncExternalStore needs that). */
export function readSession(): Session {
  const token = read(TOKEN_KEY);
  const username = read(USER_KEY);
  if (!cached.ready || cached.token !== token || cached.username !== username) {
    cached = { token, username, ready: true };
  }
  return cached;
}

export function getToken(): string | null {
  return typeof window === "undefined" ? null : read(TOKEN_KEY);
}

export function writeSession(token: string, username: string): void {
  window.localStorage.setItem(TOKEN_KEY, token);
  window.localStorage.setItem(USER_KEY, username);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

export function clearSession(): void {
  window.localStorage.removeItem(TOKEN_KEY);
  window.localStorage.removeItem(USER_KEY);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** Notifies on changes from this tab (custom event) and from other tabs (storage event). */
export function subscribeSession(onChange: () => void): () => void {
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener("storage", onChange);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener("storage", onChange);
  };
}

export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, readSession, () => SERVER_SNAPSHOT);
}
