// Serves the embedded database on a unix socket in the PostgreSQL wire protocol: to the server's
// own connection pool (lib/db/connect.ts, the same `pg` adapter as production) and to the users
// CLI while the server runs. Plain JavaScript, because it runs inside the database worker thread
// (worker.mjs), which loads it without a TypeScript loader.
//
// PGlite has one backend session, so connections take turns at transaction boundaries (the way
// a transaction-pooling proxy does): a connection holds PGlite's transaction lock from its first
// message until the backend is idle again (after Sync or a simple Query, outside a transaction
// block), so two connections never interleave inside a statement or a transaction, and an idle
// connection blocks nobody. Messages that arrive together are run in one call into PGlite.

const sslRequestCode = 80877103;
const cancelRequestCode = 80877102;
const protocolV3 = 196608;
/** A connection that holds the database (inside a transaction) and sends nothing this long is cut off. */
const heldIdleTimeoutMs = 30_000;

import fs from "node:fs";
import net from "node:net";
import path from "node:path";

/**
 * @typedef {{ socket: net.Socket; buffer: Buffer; started: boolean; closed: boolean; wake?: () => void }} Client
 */

/**
 * @param {import("@electric-sql/pglite").PGlite} db
 * @param {string} socketPath
 */
export async function startSocketServer(db, socketPath) {
  fs.mkdirSync(path.dirname(socketPath), { recursive: true, mode: 0o700 });
  fs.rmSync(socketPath, { force: true });

  /** @type {Set<Client>} */
  const clients = new Set();
  /** @type {Set<Promise<void>>} */
  const running = new Set();

  const server = net.createServer((socket) => {
    socket.setNoDelay(true);
    /** @type {Client} */
    const client = { socket, buffer: Buffer.alloc(0), started: false, closed: false };
    clients.add(client);
    socket.on("data", (chunk) => {
      client.buffer = client.buffer.length ? Buffer.concat([client.buffer, chunk]) : chunk;
      client.wake?.();
    });
    const onGone = () => {
      client.closed = true;
      client.wake?.();
    };
    socket.on("close", onGone);
    socket.on("error", onGone);
    const run = serve(db, client).finally(() => {
      clients.delete(client);
      running.delete(run);
    });
    running.add(run);
  });

  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketPath, () => {
      server.off("error", reject);
      resolve(undefined);
    });
  });
  fs.chmodSync(socketPath, 0o600);

  return {
    path: socketPath,
    async close() {
      await new Promise((resolve) => {
        server.close(() => resolve(undefined));
        for (const client of clients) client.socket.destroy();
      });
      await Promise.all(running);
      fs.rmSync(socketPath, { force: true });
    },
  };
}

/**
 * The complete messages at the head of the buffer: the startup-phase message alone (untyped),
 * else every complete typed message, up to and including a Terminate. Null when none is complete.
 * @param {Client} client
 * @returns {{ startup: boolean; bytes: Buffer; last: string | null; terminate: boolean } | null}
 */
function takeMessages(client) {
  const buf = client.buffer;
  if (!client.started) {
    // Untyped startup-phase messages: length, then a code.
    if (buf.length < 8) return null;
    const length = buf.readInt32BE(0);
    if (buf.length < length) return null;
    client.buffer = buf.subarray(length);
    return { startup: true, bytes: buf.subarray(0, length), last: null, terminate: false };
  }
  let end = 0;
  let last = null;
  let terminate = false;
  while (buf.length - end >= 5) {
    const length = 1 + buf.readInt32BE(end + 1);
    if (buf.length - end < length) break;
    const type = String.fromCharCode(buf[end]);
    if (type === "X") {
      terminate = true;
      break;
    }
    last = type;
    end += length;
  }
  if (end === 0 && !terminate) return null;
  client.buffer = terminate ? Buffer.alloc(0) : buf.subarray(end);
  return { startup: false, bytes: buf.subarray(0, end), last, terminate };
}

/**
 * @param {Client} client
 * @param {boolean} holding
 */
function waitForData(client, holding) {
  return new Promise((resolve) => {
    if (client.closed) return resolve(false);
    const timer = holding
      ? setTimeout(() => {
          client.wake = undefined;
          resolve(false);
        }, heldIdleTimeoutMs)
      : undefined;
    client.wake = () => {
      clearTimeout(timer);
      client.wake = undefined;
      resolve(true);
    };
  });
}

/**
 * Holds PGlite's transaction lock until the returned function is called.
 * @param {import("@electric-sql/pglite").PGlite} db
 * @returns {Promise<() => void>}
 */
function acquireDb(db) {
  return new Promise((resolveAcquired) => {
    void db._runExclusiveTransaction(
      () => new Promise((release) => resolveAcquired(() => release(undefined))),
    );
  });
}

/**
 * @param {import("@electric-sql/pglite").PGlite} db
 * @param {Client} client
 */
async function serve(db, client) {
  /** @type {(() => void) | null} */
  let release = null;
  try {
    for (;;) {
      const batch = takeMessages(client);
      if (!batch) {
        if (client.closed || !(await waitForData(client, release !== null))) {
          if (!client.closed) client.socket.destroy();
          return;
        }
        continue;
      }
      if (batch.startup) {
        const code = batch.bytes.readInt32BE(4);
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
      if (batch.bytes.length) {
        release ??= await acquireDb(db);
        /** @type {Error | undefined} */
        let failed;
        /** @type {Buffer[]} */
        const out = [];
        await db.execProtocolRawStream(new Uint8Array(batch.bytes), {
          onRawData: (chunk) => out.push(Buffer.from(chunk)),
        });
        // The backend is idle again: let other connections in between batches.
        const boundary = batch.startup || batch.last === "Q" || batch.last === "S";
        if (boundary && !db.isInTransaction()) {
          release();
          release = null;
        }
        if (!client.closed && out.length) {
          client.socket.write(out.length === 1 ? out[0] : Buffer.concat(out), (err) => {
            if (err) failed ??= err;
          });
        }
        if (failed) throw failed;
      }
      if (batch.terminate) {
        client.socket.end();
        return;
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

/** @param {string} sql */
function simpleQuery(sql) {
  const text = Buffer.from(`${sql}\0`);
  const out = Buffer.alloc(5 + text.length);
  out.write("Q", 0);
  out.writeInt32BE(4 + text.length, 1);
  text.copy(out, 5);
  return new Uint8Array(out);
}
