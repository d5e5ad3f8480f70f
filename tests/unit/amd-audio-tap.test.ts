// The AudioWorklet processor of the detector's tap (modules/dialer/lib/amd/audio-tap.ts), run in
// node with stand-ins for the worklet's globals: render quanta of 128 samples come out as 20 ms
// blocks, in order, none lost, each a new buffer (they are transferred to the page).
import { describe, expect, it } from "vitest";
import { PROCESSOR, processorSource } from "@/modules/dialer/lib/amd/audio-tap";

type Processor = { process(inputs: Float32Array[][]): boolean; port: { posted: Float32Array[] } };

function loadProcessor(sampleRate: number): Processor {
  let registered: (new () => Processor) | null = null;
  class AudioWorkletProcessor {
    port = {
      posted: [] as Float32Array[],
      postMessage(block: Float32Array, transfer: ArrayBuffer[]) {
        const copy = block.slice();
        // What a transfer does: the sender's view is detached (length 0) afterwards.
        for (const buffer of transfer) structuredClone(buffer, { transfer: [buffer] });
        this.posted.push(copy);
      },
    };
  }
  const register = (name: string, ctor: new () => Processor) => {
    expect(name).toBe(PROCESSOR);
    registered = ctor;
  };
  new Function("registerProcessor", "AudioWorkletProcessor", "sampleRate", processorSource)(
    register,
    AudioWorkletProcessor,
    sampleRate,
  );
  return new registered!();
}

describe("the audio tap's worklet processor", () => {
  it("hands over 20 ms blocks of what it was given, in order, none lost", () => {
    const processor = loadProcessor(48_000);
    let next = 0;
    for (let quantum = 0; quantum < 30; quantum++) {
      const input = Float32Array.from({ length: 128 }, () => next++);
      expect(processor.process([[input]])).toBe(true);
    }
    const blocks = processor.port.posted;
    // 30 × 128 = 3840 samples: four blocks of 960, nothing left over.
    expect(blocks.map((b) => b.length)).toEqual([960, 960, 960, 960]);
    const all = blocks.flatMap((b) => [...b]);
    expect(all).toEqual(Array.from({ length: 3840 }, (_, i) => i));
  });

  it("keeps running with no input (the track not started yet)", () => {
    const processor = loadProcessor(8000);
    expect(processor.process([[]])).toBe(true);
    expect(processor.process([])).toBe(true);
    expect(processor.port.posted).toEqual([]);
  });
});
