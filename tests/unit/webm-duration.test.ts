// The Duration written into MediaRecorder's WebM (modules/recordings/lib/webm-duration.ts): a minimal
// WebM as Chrome writes it (Segment and Cluster of unknown size, Info without Duration) gets a
// Duration element with the given milliseconds; other bytes come back unchanged.
import { describe, expect, it } from "vitest";
import { withWebmDuration } from "@/modules/recordings/lib/webm-duration";

const hex = (s: string) =>
  Uint8Array.from(
    s
      .replace(/\s/g, "")
      .match(/../g)!
      .map((h) => parseInt(h, 16)),
  );
const mediaRecorderWebm = hex(
  "1A45DFA3 9F 4286 81 01 42F7 81 01 42F2 81 04 42F3 81 08 4282 84 7765626D 4287 81 04 4285 81 02" +
    " 18538067 01FFFFFFFFFFFFFF 1549A966 8B 2AD7B1 83 0F4240 4D80 81 41" +
    " 1F43B675 01FFFFFFFFFFFFFF E7 81 00",
);

/** The Duration element's value (EBML id 0x4489, an 8-byte float), or null. */
function durationOf(bytes: Uint8Array): number | null {
  for (let i = 0; i + 11 <= bytes.length; i++) {
    if (bytes[i] === 0x44 && bytes[i + 1] === 0x89 && bytes[i + 2] === 0x88) {
      return new DataView(bytes.buffer, bytes.byteOffset + i + 3, 8).getFloat64(0);
    }
  }
  return null;
}

describe("withWebmDuration", () => {
  it("writes the duration MediaRecorder left out", () => {
    expect(durationOf(mediaRecorderWebm)).toBeNull();
    const fixed = withWebmDuration(mediaRecorderWebm, 4200);
    expect(durationOf(fixed)).toBe(4200);
    // Still a WebM that starts with its EBML header.
    expect([...fixed.slice(0, 4)]).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
  });

  it("leaves bytes it cannot read, and a zero duration, as they are", () => {
    const junk = Uint8Array.from([0x1a, 0x45, 0xdf, 0xa3, 1, 2, 3]);
    expect(withWebmDuration(junk, 4200)).toBe(junk);
    expect(withWebmDuration(mediaRecorderWebm, 0)).toBe(mediaRecorderWebm);
  });
});
