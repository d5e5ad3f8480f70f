import "client-only";
import { browserRecordsApi } from "./api";
import { createRecordsSync, type RecordsSync } from "./engine";

// The page's one sync engine, wired to the API client. The drawer imports this module
// dynamically (modules/facility/components/use-records-sync.ts), so zod and the engine stay out of
// Targets' first load.

let engine: RecordsSync | null = null;

export function recordsSync(): RecordsSync {
  engine ??= createRecordsSync(browserRecordsApi);
  engine.resume();
  return engine;
}
