import "client-only";
import { useCallback, useSyncExternalStore } from "react";
import {
  readStored,
  subscribeStored,
  writeStored,
  type StorageKey,
  type WriteResult,
} from "./core";

/**
 * A stored value as React state: re-renders when this tab or another one changes it. Server
 * render and hydration see the fallback, so markup matches before the browser value is read.
 */
export function useStoredValue<T>(
  key: StorageKey<T>,
): [T, (next: T | ((previous: T) => T)) => WriteResult] {
  const value = useSyncExternalStore(
    subscribeStored,
    () => readStored(key),
    () => key.fallback,
  );
  const setValue = useCallback(
    (next: T | ((previous: T) => T)) =>
      writeStored(
        key,
        typeof next === "function" ? (next as (previous: T) => T)(readStored(key)) : next,
      ),
    [key],
  );
  return [value, setValue];
}
