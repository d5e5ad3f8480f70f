"use client";

// Placeholder surface of the dialer, used by the /app shell until the dialer issue fills it in.
// The shell imports only these three names; their props must stay as they are.

export function DialerProvider({ children }: { children: React.ReactNode }) {
  return <>{children}</>;
}

/** The floating dialer window; rendered once inside the /app layout. */
export function DialerWidget() {
  return null;
}

/** Hold / Record / End and the elapsed timer, shown in the top bar. */
export function CallControls() {
  return (
    <div className="flex items-center gap-2" aria-label="Call controls">
      <button type="button" disabled>
        Hold
      </button>
      <button type="button" disabled>
        Record
      </button>
      <button type="button" disabled>
        End
      </button>
      <span className="tabular-nums">00:00</span>
    </div>
  );
}
