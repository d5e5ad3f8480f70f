import "server-only";

// The implementation is plain JavaScript (lib/db/embedded/), because the database worker thread
// loads it without a TypeScript loader; this module keeps the server-only import path.
export { durableStartParams, openPglite } from "./embedded/durable-fs.mjs";
