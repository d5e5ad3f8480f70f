import "server-only";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";

// Serves the embedded database on a unix socket in the PostgreSQL wire protocol, for the users
// CLI while the server runs. PGlite has one backend session, so clients take turns: every
// connection is accepted at once and waits in a queue (its bytes buffered) until the one before
// it has closed. Concurrent CLI commands therefore all succeed, one after the other.
// Against the server's own queries, a client holds PGlite's transaction lock from its first
// message until the backend is idle again (after Sync or a simple Query, outside a transaction
// block), so the two never interleave inside a statement or a transaction.

const sslRequestCode = 80877103;
const cancelRequestCode = 80877102;
const protocolV3 = 196608;
/** A client at the head of the queue that sends nothing for this long is cut off. */
const idleTimeoutMs = 30_000;

export type SocketServer = { path: string; close(): Promise<void> };

type Client = {
  socket: net.Socket;
  buffer: Buffer;
  started: boolean;
  closed: boolean;
  /** Wakes the client's loop when bytes arrive or the socket closes. */
  wake?: () => void;
};

export async function startSocketServer(db: PGlite, socketPath: string): Promise<SocketServer> {
  fs.mkdirSync(path.dirname(socketPath), { recursive: true, mode: 0o700 });
  fs.rmSync(socketPath, { force: true });

  const clients = new Set<Client>();
  let turn = Promise.resolve();

  const server = net.createServer((socket) => {
    const client: Client = { socket, buffer: Buffer.alloc(0), started: false, closed: false };
    clients.add(client);
    socket.on("data", (chunk) => {
      client.buffer = Buffer.concat([client.buffer, chunk]);
      client.wake?.();
    });
    const onGone = () => {
      client.closed = true;
      client.wake?.();
    };
    socket.on("close", onGone);
    socket.on("error", onGone);
    // Queue: each client runs when every earlier one has finished.
    turn = turn.then(() => serve(db, client)).finally(() => clients.delete(client));
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketPath, () => {
      server.off("error", reject);
      resolve();
    });
  });
  fs.chmodSync(socketPath, 0o600);

  return {
    path: socketPath,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const client of clients) client.socket.destroy();
      });
      await turn;
      fs.rmSync(socketPath, { force: true });
    },
  };
}

/** The next complete message in the buffer, or null when more bytes are needed. */
function takeMessage(client: Client): { type: string | null; bytes: Buffer } | null {
  const buf = client.buffer;
  if (!client.started) {
    // Untyped startup-phase messages: length, then a code.
    if (buf.length < 8) return null;
    const length = buf.readInt32BE(0);
    if (buf.length < length) return null;
    client.buffer = buf.subarray(length);
    return { type: null, bytes: buf.subarray(0, length) };
  }
  if (buf.length < 5) return null;
  const length = 1 + buf.readInt32BE(1);
  if (buf.length < length) return null;
  client.buffer = buf.subarray(length);
  return { type: String.fromCharCode(buf[0]!), bytes: buf.subarray(0, length) };
}

function waitForData(client: Client) {
  return new Promise<boolean>((resolve) => {
    if (client.closed) return resolve(false);
    const timer = setTimeout(() => {
      client.wake = undefined;
      resolve(false);
    }, idleTimeoutMs);
    client.wake = () => {
      clearTimeout(timer);
      client.wake = undefined;
      resolve(true);
    };
  });
}

/** Holds PGlite's transaction lock until the returned function is called. */
function acquireDb(db: PGlite) {
  return new Promise<() => void>((resolveAcquired) => {
    void db._runExclusiveTransaction(
      () => new Promise<void>((release) => resolveAcquired(() => release())),
    );
  });
}

async function serve(db: PGlite, client: Client) {
  let release: (() => void) | null = null;
  try {
    for (;;) {
      const message = takeMessage(client);
      if (!message) {
        if (client.closed || !(await waitForData(client))) {
          if (!client.closed) client.socket.destroy();
          return;
        }
        continue;
      }
      if (message.type === null) {
        const code = message.bytes.readInt32BE(4);
        if (code === sslRequestCode) {
          client.socket.write("N");
          continue;
        }
        if (code === cancelRequestCode) {
          client.socket.destroy();
          return;
        }
        if (code === protocolV3) client.started = true;
      }
      if (message.type === "X") {
        client.socket.end();
        return;
      }
      release ??= await acquireDb(db);
      let failed: Error | undefined;
      await db.execProtocolRawStream(new Uint8Array(message.bytes), {
        onRawData: (chunk) => {
          if (!client.closed)
            client.socket.write(Buffer.from(chunk), (err) => (failed ??= err ?? undefined));
        },
      });
      if (failed) throw failed;
      // The backend is idle again: let the server's own queries in between messages.
      const boundary = message.type === null || message.type === "Q" || message.type === "S";
      if (boundary && !db.isInTransaction()) {
        release();
        release = null;
      }
    }
  } catch {
    client.socket.destroy();
  } finally {
    if (release) {
      // A client that left mid-statement or inside a transaction must not leave either open.
      await db.execProtocolRaw(new Uint8Array([0x53, 0, 0, 0, 4])).catch(() => undefined);
      if (db.isInTransaction()) {
        await db.execProtocolRaw(simpleQuery("ROLLBACK")).catch(() => undefined);
      }
      release();
    }
  }
}

function simpleQuery(sql: string) {
  const text = Buffer.from(`${sql}\0`);
  const out = Buffer.alloc(5 + text.length);
  out.write("Q", 0);
  out.writeInt32BE(4 + text.length, 1);
  text.copy(out, 5);
  return new Uint8Array(out);
}
