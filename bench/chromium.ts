// Chromium as the benchmarks launch it: Debian's (or CHROMIUM_PATH), without a GPU, and without
// the background traffic (updates, sync, QUIC probes) that would land inside a measurement.
export const chromiumPath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

export const quietChromiumFlags = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
