"use client";

import { useEffect, useState, useSyncExternalStore } from "react";
import { useCallDisposition, useDialer } from "@/components/dialer/dialer-provider";
import { ApiClientError } from "@/lib/client/api-client";
import { releasePlace, reservePlace } from "@/lib/client/dialing";
import { powerDialSummariesKey, readStored, writeStored } from "@/lib/client/storage";
import { sessionKeyEvent } from "@/lib/dialing/countdown";
import type { Place } from "@/lib/places/schemas";
import { dialableDigits } from "@/lib/targets/format";
import { isTextEntry } from "@/lib/ui/text-entry";
import { createSessionEngine, tickMs, type EngineDeps, type SessionEngine } from "./session-engine";

const storedMax = 50;

/** The session engine wired to the dialer, the reservation routes, storage, keys and a clock. */
export function usePowerDialSession({ onOpenPlace }: { onOpenPlace: (place: Place) => void }) {
  const dialer = useDialer();
  const disposition = useCallDisposition();
  const deps = (): EngineDeps => ({
    async reserve(placeId) {
      try {
        await reservePlace(placeId);
        return "ok";
      } catch (error) {
        if (error instanceof ApiClientError && error.status === 409) return "taken";
        throw error;
      }
    },
    release: (placeId) => void releasePlace(placeId).catch(() => undefined),
    openPlace: onOpenPlace,
    dial(place) {
      dialer.setMinimised(false);
      dialer.dial(dialableDigits(place.phone) ?? "", {
        placeId: place.place_id,
        placeName: place.name.trim() || null,
      });
    },
    hangUp: dialer.hangUp,
    isCallActive: () => dialer.isActive,
    pending() {
      const p = disposition.pending;
      return p ? { callId: p.callId, placeId: p.context?.placeId ?? null } : null;
    },
    lastAnswered: disposition.lastAnswered,
    onSummary(summary) {
      writeStored(
        powerDialSummariesKey,
        [...readStored(powerDialSummariesKey), summary].slice(-storedMax),
      );
    },
    now: () => Date.now(),
  });
  const [engine] = useState<SessionEngine>(() => createSessionEngine(deps()));
  // The engine acts on the latest dialer state and commands.
  useEffect(() => engine.connect(deps()));
  const snap = useSyncExternalStore(engine.subscribe, engine.getSnapshot, engine.getSnapshot);

  // The recorder's pending call (ended, waiting for its disposition) drives the loop.
  const pending = disposition.pending;
  useEffect(() => {
    engine.recorderChanged();
  }, [engine, pending, snap.session?.phase]);

  // Countdown clock.
  const counting = snap.session?.phase === "countdown" && snap.countdown.status === "running";
  useEffect(() => {
    if (!counting) return;
    let last = Date.now();
    const id = window.setInterval(() => {
      const now = Date.now();
      engine.command({ type: "tick", now, elapsedMs: now - last });
      last = now;
    }, tickMs);
    return () => window.clearInterval(id);
  }, [counting, engine]);

  // Keys while counting down (during the call the dialer and its prompt own them); typing in
  // any text field holds the countdown.
  const inCountdown = snap.session?.phase === "countdown";
  useEffect(() => {
    if (!inCountdown) return;
    const onKey = (e: KeyboardEvent) => {
      const target = e.target instanceof HTMLElement ? e.target : null;
      const event = sessionKeyEvent(e.key, target, e);
      if (event) {
        e.preventDefault();
        engine.command(event);
      } else if (isTextEntry(target)) engine.command({ type: "typing", now: Date.now() });
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [inCountdown, engine]);

  useEffect(() => () => engine.dispose(), [engine]);

  return { ...snap, engine };
}

export type PowerDialSession = ReturnType<typeof usePowerDialSession>;
