import type { PGlite } from "@electric-sql/pglite";

export type SocketServer = { path: string; close(): Promise<void> };
export declare function startSocketServer(db: PGlite, socketPath: string): Promise<SocketServer>;
