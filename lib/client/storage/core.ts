import "client-only";
import type { Checker } from "@/lib/client/checker";

// One way to keep values in the browser: typed, versioned keys whose values are validated with
// a zod schema (or a hand-written Checker) on every read. A value that does not parse (corrupt, or written by another version) is
// set aside under "<name>.corrupt", reported to subscribeStorageProblems listeners and replaced
// by the key's fallback, so a bad value never crashes a page. Writes never throw: a full quota
// or disabled storage comes back as a result (and is reported too), and the value still holds
// in memory for the rest of the page's life.

export type StorageArea = "local" | "session";
export type StorageScope = "global" | "user";

type KeyOptions<T> = {
  /** The storage item's name; "user" keys get ":<username>" appended. */
  name: string;
  /** Bump when the stored shape changes; values of another version are set aside. */
  version: number;
  area: StorageArea;
  /** "user": personal data, kept apart per signed-in user (signed out: nothing read or written). */
  scope: StorageScope;
  schema: Checker<T>;
  fallback: T;
  /**
   * "json" (default) stores `{"v":version,"value":...}`. "plain" stores a string as it is, for
   * names whose format is fixed from outside (the spec's auth.token / auth.user); no version.
   */
  format?: "json" | "plain";
  /** Reads a value stored before this module existed (no envelope); undefined = not one. */
  legacy?: (raw: string) => unknown;
};

export type StorageKey<T> = Readonly<Required<Omit<KeyOptions<T>, "legacy">>> & {
  readonly legacy?: (raw: string) => unknown;
};

export type WriteResult = { ok: true } | { ok: false; reason: "quota" | "unavailable" };

export type StorageProblem = {
  kind: "corrupt" | "version" | "quota" | "unavailable";
  /** The storage item's full name (with the user suffix for "user" keys). */
  item: string;
  area: StorageArea;
  /** Where a rejected value was set aside, for corrupt/version problems. */
  setAsideAs?: string;
  detail?: string;
};

/** The session's username item; "user"-scoped keys are named after it. */
export const SESSION_USER_ITEM = "auth.user";
const CORRUPT_SUFFIX = ".corrupt";

/** A `legacy` reader for values stored as bare JSON before this module wrapped them in a version. */
export function legacyJson(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

export function defineKey<T>(options: KeyOptions<T>): StorageKey<T> {
  return Object.freeze({ format: "json" as const, ...options });
}

export type KeyFamily<T> = {
  /** The key for one id (the same object for the same id, so hooks can depend on it). */
  key(id: string): StorageKey<T>;
  /** The ids stored in this family (for the current user, if user-scoped). */
  list(): string[];
};

type FamilyOptions<T> = Omit<KeyOptions<T>, "name" | "format" | "legacy"> & { prefix: string };

export function defineKeyFamily<T>(options: FamilyOptions<T>): KeyFamily<T> {
  const { prefix, ...rest } = options;
  const keys = new Map<string, StorageKey<T>>();
  const namePrefix = `${prefix}.`;
  return {
    key(id) {
      let k = keys.get(id);
      if (!k) {
        k = defineKey({ ...rest, name: namePrefix + encodeURIComponent(id) });
        keys.set(id, k);
      }
      return k;
    },
    list() {
      const storage = area(options.area);
      if (!storage) return [];
      const suffix = options.scope === "user" ? userSuffix() : "";
      if (suffix === null) return [];
      const ids: string[] = [];
      try {
        for (let i = 0; i < storage.length; i++) {
          const item = storage.key(i);
          if (!item || !item.startsWith(namePrefix) || item.endsWith(CORRUPT_SUFFIX)) continue;
          let rest = item.slice(namePrefix.length);
          if (suffix) {
            if (!rest.endsWith(suffix)) continue;
            rest = rest.slice(0, -suffix.length);
          } else if (rest.includes(":")) continue; // another user's scoped item
          ids.push(decodeURIComponent(rest));
        }
      } catch {
        return [];
      }
      return ids.sort();
    },
  };
}

// ---------------------------------------------------------------------------------------------

function area(which: StorageArea): Storage | null {
  if (typeof window === "undefined") return null;
  try {
    return which === "local" ? window.localStorage : window.sessionStorage;
  } catch {
    return null; // disabled storage throws on access (sandboxed frames, some private modes)
  }
}

function getItem(storage: Storage, item: string): string | null {
  try {
    return storage.getItem(item);
  } catch {
    return null;
  }
}

function userSuffix(): string | null {
  const storage = area("local");
  const user = storage ? getItem(storage, SESSION_USER_ITEM) : null;
  return user ? `:${encodeURIComponent(user)}` : null;
}

/** The item a key lives under now, or null when it cannot be (user key while signed out). */
export function storageItemName(key: StorageKey<unknown>): string | null {
  if (key.scope === "global") return key.name;
  const suffix = userSuffix();
  return suffix === null ? null : key.name + suffix;
}

const problemListeners = new Set<(problem: StorageProblem) => void>();
const changeListeners = new Set<() => void>();

/** Problems are delivered after the current task, so a read during render never sets state. */
function report(problem: StorageProblem) {
  queueMicrotask(() => problemListeners.forEach((listener) => listener(problem)));
}

export function subscribeStorageProblems(listener: (problem: StorageProblem) => void) {
  problemListeners.add(listener);
  return () => {
    problemListeners.delete(listener);
  };
}

function notifyChange() {
  changeListeners.forEach((listener) => listener());
}

let windowListening = false;
function listenToOtherTabs() {
  if (windowListening || typeof window === "undefined") return;
  windowListening = true;
  // Other tabs' writes arrive as "storage" events; any of them may change what a key reads
  // (including auth.user, which renames every user-scoped item), so every subscriber re-reads
  // and the snapshot cache keeps unchanged values identical.
  window.addEventListener("storage", notifyChange);
}

/** Calls `listener` whenever a stored value may have changed, in this tab or another. */
export function subscribeStored(listener: () => void): () => void {
  listenToOtherTabs();
  changeListeners.add(listener);
  return () => {
    changeListeners.delete(listener);
  };
}

type Decoded =
  | { ok: true; value: unknown; rewrite: boolean }
  | { ok: false; kind: "corrupt" | "version"; detail: string };

function decode(key: StorageKey<unknown>, raw: string): Decoded {
  if (key.format === "plain") return { ok: true, value: raw, rewrite: false };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = undefined;
  }
  const envelope =
    parsed !== null && typeof parsed === "object" && "v" in parsed && "value" in parsed
      ? (parsed as { v: unknown; value: unknown })
      : null;
  if (envelope && envelope.v === key.version)
    return { ok: true, value: envelope.value, rewrite: false };
  if (!envelope && key.legacy) {
    const value = key.legacy(raw);
    if (value !== undefined) return { ok: true, value, rewrite: true };
  }
  if (envelope)
    return {
      ok: false,
      kind: "version",
      detail: `stored version ${String(envelope.v)}, expected ${key.version}`,
    };
  return { ok: false, kind: "corrupt", detail: "not a stored value" };
}

// Snapshot cache: the same raw string gives the same value object (useSyncExternalStore needs
// a stable snapshot, and it spares re-parsing on every render).
const snapshots = new Map<string, { raw: string; value: unknown }>();

function setAside(
  storage: Storage,
  key: StorageKey<unknown>,
  item: string,
  raw: string,
  kind: "corrupt" | "version",
  detail: string,
) {
  const setAsideAs = item + CORRUPT_SUFFIX;
  try {
    storage.setItem(setAsideAs, raw);
  } catch {
    // no room to keep it: dropping it still beats failing every read
  }
  try {
    storage.removeItem(item);
  } catch {
    // unreadable storage is reported as such on the next write
  }
  report({ kind, item, area: key.area, setAsideAs, detail });
}

// Values whose write failed (full or blocked storage) still hold in this page until reload.
const unsaved = new Map<string, unknown>();
const memoryId = (key: StorageKey<unknown>, item: string | null) =>
  `${key.area}\u0000${item ?? key.name}`;

export function readStored<T>(key: StorageKey<T>): T {
  const storage = area(key.area);
  const item = storageItemName(key);
  const memory = memoryId(key, item);
  if (unsaved.has(memory)) return unsaved.get(memory) as T;
  if (!storage || item === null) return key.fallback;
  const raw = getItem(storage, item);
  if (raw === null) return key.fallback;
  const cacheId = `${key.area}\u0000${item}\u0000${key.version}`;
  const cached = snapshots.get(cacheId);
  if (cached && cached.raw === raw) return cached.value as T;

  const decoded = decode(key, raw);
  if (!decoded.ok) {
    setAside(storage, key, item, raw, decoded.kind, decoded.detail);
    return key.fallback;
  }
  const checked = key.schema.safeParse(decoded.value);
  if (!checked.success) {
    setAside(storage, key, item, raw, "corrupt", checked.error.issues[0]?.message ?? "invalid");
    return key.fallback;
  }
  if (decoded.rewrite) {
    // Legacy value: store it in the current format so it is read the plain way from now on.
    const written = encode(key, checked.data);
    try {
      storage.setItem(item, written);
      snapshots.set(cacheId, { raw: written, value: checked.data });
      return checked.data;
    } catch {
      // keep reading the legacy value
    }
  }
  snapshots.set(cacheId, { raw, value: checked.data });
  return checked.data;
}

function encode<T>(key: StorageKey<T>, value: T): string {
  return key.format === "plain" ? String(value) : JSON.stringify({ v: key.version, value });
}

function isQuotaError(error: unknown) {
  if (
    !(error instanceof Error) &&
    !(typeof DOMException !== "undefined" && error instanceof DOMException)
  )
    return false;
  const e = error as { name?: string; code?: number };
  return (
    e.name === "QuotaExceededError" ||
    e.name === "NS_ERROR_DOM_QUOTA_REACHED" ||
    e.code === 22 ||
    e.code === 1014
  );
}

export function writeStored<T>(key: StorageKey<T>, value: T): WriteResult {
  const storage = area(key.area);
  const item = storageItemName(key);
  const memory = memoryId(key, item);
  if (!storage || item === null) {
    report({ kind: "unavailable", item: item ?? key.name, area: key.area });
    unsaved.set(memory, value);
    notifyChange();
    return { ok: false, reason: "unavailable" };
  }
  try {
    storage.setItem(item, encode(key, value));
    unsaved.delete(memory);
  } catch (error) {
    const reason = isQuotaError(error) ? "quota" : "unavailable";
    unsaved.set(memory, value);
    notifyChange();
    report({
      kind: reason,
      item,
      area: key.area,
      detail: error instanceof Error ? error.message : undefined,
    });
    return { ok: false, reason };
  }
  notifyChange();
  return { ok: true };
}

export function removeStored(key: StorageKey<unknown>): void {
  const storage = area(key.area);
  const item = storageItemName(key);
  if (unsaved.delete(memoryId(key, item))) notifyChange();
  if (!storage || item === null) return;
  try {
    storage.removeItem(item);
  } catch {
    return;
  }
  notifyChange();
}
