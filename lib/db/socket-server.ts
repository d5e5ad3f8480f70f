import "server-only";

// The implementation is plain JavaScript (lib/db/embedded/), because the database worker thread
// runs it without a TypeScript loader; this module keeps the server-only import path.
export { startSocketServer, type SocketServer } from "./embedded/socket-server.mjs";
