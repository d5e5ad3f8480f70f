const pad = (n: number) => String(n).padStart(2, "0");

/** 00:00:00, as the widget and its minimised bar show it. */
export function formatHms(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}

/** mm:ss, as the top-bar call controls show it; minutes keep counting past 59. */
export function formatMs(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  return `${pad(Math.floor(total / 60))}:${pad(total % 60)}`;
}
