import "server-only";
import fs from "node:fs/promises";

// Reads the last N lines of a file from its end, in fixed chunks, so that memory stays bounded
// whatever the file's size: at most maxBytes are ever held.

export type TailResult = { lines: string[]; truncated: boolean };

export async function tailFile(
  file: string,
  count: number,
  { maxBytes = 2 * 1024 * 1024, chunkBytes = 64 * 1024 } = {},
): Promise<TailResult> {
  const handle = await fs.open(file, "r");
  try {
    const { size } = await handle.stat();
    if (size === 0) return { lines: [], truncated: false };
    let position = size;
    const chunks: Buffer[] = [];
    let held = 0;
    let newlines = 0;
    // One more newline than lines wanted marks the start of the first wanted line; a trailing
    // newline at the very end does not start a line.
    let endsWithNewline = false;
    if (size > 0) {
      const last = Buffer.alloc(1);
      await handle.read(last, 0, 1, size - 1);
      endsWithNewline = last[0] === 0x0a;
    }
    const needed = count + (endsWithNewline ? 1 : 0);
    while (position > 0 && newlines < needed && held < maxBytes) {
      const length = Math.min(chunkBytes, position, maxBytes - held);
      position -= length;
      const buf = Buffer.alloc(length);
      await handle.read(buf, 0, length, position);
      for (let i = 0; i < length; i++) if (buf[i] === 0x0a) newlines++;
      chunks.unshift(buf);
      held += length;
    }
    let text = Buffer.concat(chunks).toString("utf8");
    if (endsWithNewline) text = text.slice(0, -1);
    const all = text.split("\n");
    const reachedStart = position === 0;
    // Without the file's start, the first piece is a partial line unless the bound cut exactly.
    if (!reachedStart && all.length > count) {
      return { lines: all.slice(-count).map(stripCr), truncated: false };
    }
    if (!reachedStart) all.shift();
    return {
      lines: all.slice(-count).map(stripCr),
      truncated: !reachedStart && all.length < count,
    };
  } finally {
    await handle.close();
  }
}

const stripCr = (line: string) => (line.endsWith("\r") ? line.slice(0, -1) : line);
