import { vi } from "vitest";

/** An in-memory Web Storage with an optional byte quota, for tests without a browser. */
export class FakeStorage implements Storage {
  private items = new Map<string, string>();
  /** Total characters allowed (names + values); past it setItem throws QuotaExceededError. */
  quota = Infinity;
  /** When set, every access throws (storage disabled). */
  disabled = false;

  get length() {
    this.check();
    return this.items.size;
  }
  key(index: number) {
    this.check();
    return [...this.items.keys()][index] ?? null;
  }
  getItem(name: string) {
    this.check();
    return this.items.get(name) ?? null;
  }
  setItem(name: string, value: string) {
    this.check();
    const used = [...this.items].reduce(
      (sum, [k, v]) => sum + (k === name ? 0 : k.length + v.length),
      0,
    );
    if (used + name.length + String(value).length > this.quota) {
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    }
    this.items.set(name, String(value));
  }
  removeItem(name: string) {
    this.check();
    this.items.delete(name);
  }
  clear() {
    this.items.clear();
  }
  private check() {
    if (this.disabled) throw new DOMException("The operation is insecure.", "SecurityError");
  }
}

export type FakeWindow = EventTarget & { localStorage: FakeStorage; sessionStorage: FakeStorage };

/** Installs a `window` with two fake storages (one per file: modules keep their listeners). */
export function installFakeWindow(): FakeWindow {
  const target = new EventTarget() as FakeWindow;
  target.localStorage = new FakeStorage();
  target.sessionStorage = new FakeStorage();
  vi.stubGlobal("window", target);
  return target;
}

/** What the browser fires in other tabs after a write in this one. */
export function storageEvent(key: string | null, area: Storage) {
  const event = new Event("storage");
  Object.assign(event, { key, storageArea: area });
  return event;
}
