import "client-only";
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import {
  defineKey,
  defineKeyFamily,
  readStored,
  storageItemName,
  subscribeStorageProblems,
  subscribeStored,
  writeStored,
  type StorageKey,
  type StorageProblem,
  type WriteResult,
} from "@/lib/client/storage";
import type { FacilityRecords } from "./backup";
import { facilityDataRule } from "@/modules/facility/client/facility.gen";
import { boolean as booleanRule } from "@/lib/client/rules";
import { emptyFacilityData } from "./data";
import type { FacilityData } from "./schemas";
import { incrementDialCount, type Updater } from "./updaters";

// The one owner of facility data in the browser (architecture decision 4): a versioned key per
// place, validated on every read by the storage module, which sets corrupt entries aside and
// reports them, re-reads on other tabs' writes, and reports a full quota without touching what
// is already stored. Its keys are listed with every other in lib/client/storage/keys.ts and
// defined here, the family beside its check (./data.ts: zod-free, as the store is in the first
// load of Targets and of the dialer).

/**
 * Spec 3 "Facility local data": one entry per place_id, personal to the signed-in rep. Bump the
 * version when FacilityData changes.
 */
export const facilityFamily = defineKeyFamily<FacilityData>({
  prefix: "facility",
  version: 1,
  area: "local",
  scope: "user",
  schema: facilityDataRule,
  fallback: emptyFacilityData,
});

/** Spec "Other stored browser flags": the drawer's Open Map toggle (a preference). */
export const drawerMapKey = defineKey({
  name: "drawer.mapEnabled",
  version: 1,
  area: "local",
  scope: "global",
  schema: booleanRule,
  fallback: false,
});

/** Spec 9: the Saved flash after any local data change. */
export const SAVED_FLASH_MS = 800;

// Problems are delivered once, right after the read that found them, possibly before any
// component has subscribed; so they are collected from the moment this module loads.
let problems: readonly StorageProblem[] = [];
const problemListeners = new Set<() => void>();
subscribeStorageProblems((problem) => {
  problems = [...problems.slice(-19), problem];
  problemListeners.forEach((listener) => listener());
});
function subscribeProblems(listener: () => void) {
  problemListeners.add(listener);
  return () => {
    problemListeners.delete(listener);
  };
}

/** The corrupt or old-version entry this key's item had, if one was set aside this session. */
function useSetAsideProblem(key: StorageKey<FacilityData> | null): StorageProblem | null {
  const all = useSyncExternalStore(
    subscribeProblems,
    () => problems,
    () => problems,
  );
  if (!key) return null;
  const item = storageItemName(key);
  return (
    [...all]
      .reverse()
      .find((p) => p.item === item && (p.kind === "corrupt" || p.kind === "version")) ?? null
  );
}

export type UpdateResult = WriteResult & { changed: boolean };

/** Applies an updater to the stored data of one place; writes only when something changed. */
export function updateFacility(placeId: string, fn: Updater): UpdateResult {
  const key = facilityFamily.key(placeId);
  const current = readStored(key);
  const next = fn(current);
  if (next === current) return { ok: true, changed: false };
  const result = writeStored(key, next);
  return { ...result, changed: result.ok };
}

/** Counts one dial toward the place's Dial Count. */
export function recordDial(placeId: string): UpdateResult {
  return updateFacility(placeId, incrementDialCount);
}

export type FacilityHandle = {
  data: FacilityData;
  /** Applies a pure updater; the result says whether it was saved (quota, unavailable). */
  update: (fn: Updater) => UpdateResult;
  /** True for about 0.8 s after a change made here was saved. */
  saved: boolean;
  /** Why the last change could not be saved, until the next one succeeds. */
  writeError: "quota" | "unavailable" | null;
  /** This place's stored entry could not be read and was set aside. */
  setAside: boolean;
};

/** One place's facility data as React state, updating at once when another tab changes it. */
export function useFacility(placeId: string | null | undefined): FacilityHandle {
  const key = placeId ? facilityFamily.key(placeId) : null;
  const data = useSyncExternalStore(
    subscribeStored,
    () => (key ? readStored(key) : emptyFacilityData),
    () => emptyFacilityData,
  );
  const [saved, setSaved] = useState(false);
  const [writeError, setWriteError] = useState<"quota" | "unavailable" | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const update = useCallback(
    (fn: Updater): UpdateResult => {
      if (!placeId) return { ok: false, reason: "unavailable", changed: false };
      const result = updateFacility(placeId, fn);
      if (!result.ok) {
        setWriteError(result.reason);
        return result;
      }
      if (result.changed) {
        setWriteError(null);
        setSaved(true);
        if (timer.current) clearTimeout(timer.current);
        timer.current = setTimeout(() => setSaved(false), SAVED_FLASH_MS);
      }
      return result;
    },
    [placeId],
  );

  const setAside = useSetAsideProblem(key) !== null;
  return { data, update, saved, writeError, setAside };
}

/** Every place's stored data for the signed-in rep (for export and import). */
export function readAllFacilityData(): FacilityRecords {
  const records: FacilityRecords = {};
  for (const id of facilityFamily.list()) records[id] = readStored(facilityFamily.key(id));
  return records;
}

/**
 * Writes imported places one by one. A full quota stops the import there: what was written
 * stays, what was already stored is untouched, and the caller learns how many were left out.
 */
export function writeFacilityRecords(changed: FacilityRecords): {
  written: number;
  failed: number;
  reason: "quota" | "unavailable" | null;
} {
  const ids = Object.keys(changed);
  let written = 0;
  for (const id of ids) {
    const result = writeStored(facilityFamily.key(id), changed[id]);
    if (!result.ok) return { written, failed: ids.length - written, reason: result.reason };
    written += 1;
  }
  return { written, failed: 0, reason: null };
}
