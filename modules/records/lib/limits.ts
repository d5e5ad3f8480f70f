import "server-only";

/**
 * The account records API's per-rep budgets. Fixed, not configured: a drawer pulls on open, on
 * focus and every few seconds while open, and its outbox pushes in batches of up to 100 changes,
 * so a rep working normally stays far below these; they stop a runaway client, not a busy rep.
 */
export const recordsWriteLimit = { name: "records-write", max: 300, windowSeconds: 60 };
export const recordsReadLimit = { name: "records-read", max: 600, windowSeconds: 60 };
