// The one-tab line lock of the SIP softphone (Web Locks): the tab holding the lock registers the
// line until the tab closes or another takes it over; the others show the line in use and wait
// their turn. Browsers without navigator.locks hold it at once (each tab then registers; the edge
// forks calls to all).

export type LineLockHooks = {
  isDisposed(): boolean;
  /** This tab got the line. */
  acquired(): void;
  /** Another tab holds the line: this one waits for it. */
  waiting(): void;
  /** Another tab took the line over from this one. */
  lost(): void;
};

export function createLineLock(name: string | undefined, hooks: LineLockHooks) {
  let releaseLock: (() => void) | null = null;

  const acquire = (steal: boolean) => {
    const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
    if (!locks || !name) {
      releaseLock = () => undefined;
      hooks.acquired();
      return;
    }
    const run = (request: LockOptions) =>
      locks
        .request(name, request, (lock) => {
          if (hooks.isDisposed() || releaseLock) return;
          if (!lock) {
            hooks.waiting();
            void run({});
            return;
          }
          let release: () => void = () => undefined;
          const held = new Promise<void>((resolve) => (release = resolve));
          releaseLock = release;
          hooks.acquired();
          return held;
        })
        .catch(() => {
          // Another tab took the line over (its steal aborts our lock): let go of it here,
          // and wait for it to come back.
          if (hooks.isDisposed()) return;
          releaseLock = null;
          hooks.lost();
          void run({});
        });
    void run(steal ? { steal: true } : { ifAvailable: true });
  };

  return {
    /** Asks for the line; `steal` takes it from the tab holding it. */
    acquire,
    held: () => releaseLock !== null,
    release: () => releaseLock?.(),
  };
}
