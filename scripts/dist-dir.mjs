// Where the build lives: NEXT_DIST_DIR lets several builds (a dev server, the e2e build, the
// deploy simulation's, the console's staging build) sit side by side in one checkout. One
// definition for next.config.ts, the build and the start scripts, and the app (lib/env.ts).
export const distDir = process.env.NEXT_DIST_DIR || ".next";
