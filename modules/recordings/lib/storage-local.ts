import "server-only";
import fs from "node:fs/promises";
import path from "node:path";
import { dataDir } from "@/lib/env";
import type { RecordingStore } from "./recording-store";

/** Where recordings live on the embedded default. */
export function localRecordingsDir() {
  return path.join(dataDir, "recordings");
}

/** Files under `root`: a key is ids and a fixed file name (storage.ts), checked again here. */
export function createLocalStore(root: string): RecordingStore {
  const resolved = path.resolve(root);
  const fileOf = (key: string) => {
    const chunk = /^[0-9a-f-]{36}\/[0-9a-f-]{36}\/(\d{6}-[0-9a-f]{16}\.part)?$/;
    const voicemail = /^[0-9a-f-]{36}\/voicemail\/[0-9a-f-]{36}-[0-9a-f]{16}\.audio$/;
    const notice = /^[0-9a-f-]{36}\/(?:consent|abandon)\/[0-9a-f]{32}\.audio$/;
    if (!chunk.test(key) && !voicemail.test(key) && !notice.test(key)) {
      throw new Error("recording store: bad key");
    }
    return path.join(resolved, key);
  };
  return {
    kind: "local",
    async put(key, bytes) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      // Written beside and renamed: a reader never sees half a chunk, a crash leaves none.
      const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
      await fs.writeFile(tmp, bytes, { mode: 0o600 });
      await fs.rename(tmp, file);
    },
    async get(key, range) {
      let handle: fs.FileHandle;
      try {
        handle = await fs.open(fileOf(key), "r");
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw err;
      }
      try {
        if (!range) return new Uint8Array(await handle.readFile());
        const length = range.end - range.start + 1;
        const buffer = Buffer.alloc(length);
        const { bytesRead } = await handle.read(buffer, 0, length, range.start);
        return new Uint8Array(buffer.subarray(0, bytesRead));
      } finally {
        await handle.close();
      }
    },
    async deletePrefix(prefix) {
      await fs.rm(fileOf(prefix), { recursive: true, force: true });
    },
  };
}
