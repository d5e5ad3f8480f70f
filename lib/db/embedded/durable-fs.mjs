// PGlite starts PostgreSQL with `-F` (fsync off), and its Emscripten file system (NODEFS) has
// no fsync either: WAL writes reach the page cache only, so a power loss can drop commits that
// were already acknowledged. This turns both on: PostgreSQL runs with fsync on and syncs the WAL
// with fsync() at every commit (wal_sync_method=fsync: Emscripten routes fsync, unlike fdatasync,
// to the file system), and NODEFS gets an fsync that calls the kernel's. Checkpoints then also
// sync data files and directories, exactly as on a normal PostgreSQL.
//
// It also keeps new files private: PostgreSQL's own umask does not reach NODEFS, which creates
// some files (pg_internal.init) 0644 whatever the process umask is, so modes are masked here.
//
// Plain JavaScript: the database worker thread (worker.mjs) loads it without a TypeScript loader.
import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { NodeFS } from "@electric-sql/pglite/nodefs";

/** @param {number} mode */
const privateMode = (mode) => mode & ~0o077;
/** @param {{ mode?: number }} attr */
const privateAttr = (attr) =>
  attr.mode == null ? attr : { ...attr, mode: privateMode(attr.mode) };

class PrivateNodeFS extends NodeFS {
  /**
   * @param {string} dataDir
   * @param {boolean} durable
   */
  constructor(dataDir, durable) {
    super(dataDir);
    this.durable = durable;
  }

  /** @type {NodeFS["init"]} */
  async init(pg, opts) {
    const result = await super.init(pg, opts);
    const preRun = result.emscriptenOpts.preRun ?? [];
    result.emscriptenOpts.preRun = [
      ...preRun,
      /** @param {any} mod */
      (mod) => {
        const { node_ops: nodeOps, stream_ops: streamOps } = mod.FS.filesystems.NODEFS;
        const { mknod, setattr } = nodeOps;
        const streamSetattr = streamOps.setattr;
        nodeOps.mknod = (/** @type {any[]} */ ...[parent, name, mode, dev]) =>
          mknod(parent, name, privateMode(mode), dev);
        nodeOps.setattr = (/** @type {any} */ node, /** @type {any} */ attr) =>
          setattr(node, privateAttr(attr));
        streamOps.setattr = (/** @type {any} */ stream, /** @type {any} */ attr) =>
          streamSetattr(stream, privateAttr(attr));
        if (this.durable) {
          streamOps.fsync = (/** @type {{ nfd?: number }} */ stream) => {
            if (stream.nfd !== undefined) fs.fsyncSync(stream.nfd);
            return 0;
          };
        }
      },
    ];
    return result;
  }
}

/** PGlite's own start parameters, with fsync on and a WAL sync method that reaches the disk. */
export const durableStartParams = [
  ...PGlite.defaultStartParams.filter((p) => p !== "-F"),
  "-c",
  "fsync=on",
  "-c",
  "wal_sync_method=fsync",
  "-c",
  "synchronous_commit=on",
];

/**
 * Opens the PGlite database in `pgdataDir`; with `durable`, every commit reaches the disk.
 * `startParams` are added to PGlite's (memory settings, for example).
 * @param {string} pgdataDir
 * @param {{ durable?: boolean; startParams?: string[] }} [options]
 */
export async function openPglite(pgdataDir, { durable = true, startParams = [] } = {}) {
  const base = durable ? durableStartParams : PGlite.defaultStartParams;
  const db = new PGlite({
    fs: new PrivateNodeFS(pgdataDir, durable),
    startParams: [...base, ...startParams],
  });
  await db.waitReady;
  return db;
}
