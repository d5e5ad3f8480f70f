// The far end's audio of a call, as the detector needs it: an AudioWorklet on the receiver's
// track hands over its samples in 20 ms blocks, on the audio thread and without gaps (an
// AnalyserNode polled from the page would miss or repeat samples whenever the page is busy).
// The worklet's code is a string loaded through a blob: URL, so it needs no route or file of
// its own; only the detection itself runs on the page (it costs well under 1 % of a core).

export const PROCESSOR = "dialflow-amd-tap";

export const processorSource = `
registerProcessor("${PROCESSOR}", class extends AudioWorkletProcessor {
  constructor() {
    super();
    this.size = Math.round(sampleRate / 50);
    this.block = new Float32Array(this.size);
    this.filled = 0;
  }
  process(inputs) {
    const channel = inputs[0] && inputs[0][0];
    if (!channel) return true;
    let offset = 0;
    while (offset < channel.length) {
      const take = Math.min(this.size - this.filled, channel.length - offset);
      this.block.set(channel.subarray(offset, offset + take), this.filled);
      this.filled += take;
      offset += take;
      if (this.filled === this.size) {
        // Transferred, not copied: the block is detached here, so a new one takes its place.
        this.port.postMessage(this.block, [this.block.buffer]);
        this.block = new Float32Array(this.size);
        this.filled = 0;
      }
    }
    return true;
  }
});
`;

export type AudioTap = { sampleRate: number; stop(): void };

export type TapAudio = (
  track: MediaStreamTrack,
  onSamples: (samples: Float32Array) => void,
) => Promise<AudioTap>;

/** Taps `track` until `stop()`; `onSamples` gets each 20 ms block at the context's rate. */
export const tapAudio: TapAudio = async (track, onSamples) => {
  const context = new AudioContext();
  const url = URL.createObjectURL(new Blob([processorSource], { type: "text/javascript" }));
  try {
    await context.audioWorklet.addModule(url);
  } catch (error) {
    void context.close().catch(() => undefined);
    throw error;
  } finally {
    URL.revokeObjectURL(url);
  }
  const source = context.createMediaStreamSource(new MediaStream([track]));
  // No outputs: nothing is played, the node only listens (it is pulled as long as it has input).
  const node = new AudioWorkletNode(context, PROCESSOR, { numberOfInputs: 1, numberOfOutputs: 0 });
  node.port.onmessage = (event: MessageEvent<Float32Array>) => onSamples(event.data);
  source.connect(node);
  await context.resume().catch(() => undefined);
  return {
    sampleRate: context.sampleRate,
    stop() {
      node.port.onmessage = null;
      source.disconnect();
      void context.close().catch(() => undefined);
    },
  };
};
