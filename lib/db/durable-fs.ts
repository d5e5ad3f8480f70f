import "server-only";
import fs from "node:fs";
import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { NodeFS } from "@electric-sql/pglite/nodefs";

// PGlite starts PostgreSQL with `-F` (fsync off), and its Emscripten file system (NODEFS) has
// no fsync either: WAL writes reach the page cache only, so a power loss can drop commits that
// were already acknowledged. This turns both on: PostgreSQL runs with fsync on and syncs the WAL
// with fsync() at every commit (wal_sync_method=fsync: Emscripten routes fsync, unlike fdatasync,
// to the file system), and NODEFS gets an fsync that calls the kernel's. Checkpoints then also
// sync data files and directories, exactly as on a normal PostgreSQL.

// It also keeps new files private: PostgreSQL's own umask does not reach NODEFS, which creates
// some files (pg_internal.init) 0644 whatever the process umask is, so modes are masked here.

type Attr = { mode?: number };
type StreamOps = {
  fsync?: (stream: { nfd?: number }) => number;
  setattr: (stream: unknown, attr: Attr) => void;
};
type NodeOps = {
  mknod: (parent: unknown, name: string, mode: number, dev: number) => unknown;
  setattr: (node: unknown, attr: Attr) => void;
};
type NodeFsOps = { stream_ops: StreamOps; node_ops: NodeOps };
type EmscriptenModule = { FS: { filesystems: { NODEFS: NodeFsOps } } };

const privateMode = (mode: number) => mode & ~0o077;

class PrivateNodeFS extends NodeFS {
  constructor(
    dataDir: string,
    private readonly durable: boolean,
  ) {
    super(dataDir);
  }

  override async init(pg: PGlite, opts: Parameters<NodeFS["init"]>[1]) {
    const result = await super.init(pg, opts);
    const preRun = (result.emscriptenOpts.preRun ?? []) as ((mod: EmscriptenModule) => void)[];
    result.emscriptenOpts.preRun = [
      ...preRun,
      (mod: EmscriptenModule) => {
        const { node_ops: nodeOps, stream_ops: streamOps } = mod.FS.filesystems.NODEFS;
        const { mknod, setattr } = nodeOps;
        const streamSetattr = streamOps.setattr;
        nodeOps.mknod = (parent, name, mode, dev) => mknod(parent, name, privateMode(mode), dev);
        nodeOps.setattr = (node, attr) =>
          setattr(node, attr.mode == null ? attr : { ...attr, mode: privateMode(attr.mode) });
        streamOps.setattr = (stream, attr) =>
          streamSetattr(
            stream,
            attr.mode == null ? attr : { ...attr, mode: privateMode(attr.mode) },
          );
        if (this.durable) {
          streamOps.fsync = (stream) => {
            if (stream.nfd !== undefined) fs.fsyncSync(stream.nfd);
            return 0;
          };
        }
      },
    ] as NonNullable<typeof result.emscriptenOpts.preRun>;
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

/** Opens the PGlite database in `pgdataDir`; with `durable`, every commit reaches the disk. */
export async function openPglite(pgdataDir: string, { durable = true } = {}) {
  const options: PGliteOptions = {
    fs: new PrivateNodeFS(pgdataDir, durable),
    ...(durable ? { startParams: durableStartParams } : {}),
  };
  const db = new PGlite(options);
  await db.waitReady;
  return db;
}
