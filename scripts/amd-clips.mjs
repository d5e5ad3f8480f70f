// Labelled phone clips for the answering-machine detector (modules/dialer/lib/amd): voices made
// from text by espeak-ng and shaped by sox into what a call delivers (8 kHz mono 16-bit, the
// telephone band, a leading silence, background noise, a voicemail beep, G.711 µ-law). Used for
// the committed unit-test fixtures (tests/fixtures/amd, `--set fixtures`) and by bench/amd.ts
// (`--set bench`, a seeded random mix of voices, speeds, greeting lengths and noise levels).
//
//   node scripts/amd-clips.mjs <out-dir> [--set bench|fixtures] [--count 240] [--seed 51]
//                              [--noise none,-60,-50,-45,-40,-35]   (dBFS RMS, one picked per clip)
//
// Writes <out-dir>/<name>.wav and <out-dir>/labels.json. Programs run with argument arrays, never
// through a shell. Needs espeak-ng and sox (Debian: apt-get install espeak-ng sox).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const RATE = 8000;
const FORMAT = ["-r", String(RATE), "-c", "1", "-b", "16", "-e", "signed-integer"];
// What a phone line passes (and so what noise on a call sounds like): 300-3400 Hz.
const BAND = ["sinc", "300-3400"];
// Drops the start until 20 ms louder than 0.5 % of full scale.
const TRIM_START = ["silence", "1", "0.02", "0.5%"];

const VOICES = ["en-us", "en-gb", "en-us+f3", "en-gb+m3", "en+f2", "en-us+m7", "en-gb-x-rp+f4"];
const HUMAN_LINES = [
  "Hello?",
  "Hello.",
  "Hi, this is Sam.",
  "Yeah, hello?",
  "Sam speaking.",
  "Hello, Acme.",
  "Good morning.",
  "Hi there.",
];
// Greetings from about 9 to 30 words: at 140-200 words a minute they span the 4-8 s a voicemail
// greeting usually lasts; each clip takes the longest that its speed keeps inside its target.
const GREETINGS = [
  "Hi, you have reached Sam. Please leave a message after the tone.",
  "You have reached Acme Plumbing. We cannot take your call right now. Please leave a message.",
  "Hello, this is Dana at Northside Dental. I am away from my desk, please leave your name and number.",
  "Thank you for calling Riverside Auto. Our office is closed. Leave a message after the beep and we will call you back.",
  "Hi, you have reached the voicemail of Alex Morgan at Morgan and Sons. I am not available right now. Please leave your name, number and a short message after the tone.",
  "The person you are calling is not available. Please record your message after the tone. When you are finished, hang up or press pound for more options.",
];
// Background noise, dBFS RMS in the telephone band (null: none); --noise replaces the list.
const NOISE_DB = [null, -60, -50, -45, -40, -35];
const noiseLevel = (text) => (text === "none" ? null : Number(text));
const BEEP_HZ = [425, 440, 600, 800, 950, 1000, 1400, 1800, 2000];

/** The command line: out dir, which set, how many, which seed. */
function parseArgs(argv) {
  const options = { out: null, set: "bench", count: 240, seed: 51, noise: NOISE_DB };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--set") options.set = argv[++i];
    else if (arg === "--count") options.count = Number(argv[++i]);
    else if (arg === "--seed") options.seed = Number(argv[++i]);
    else if (arg === "--noise") options.noise = argv[++i].split(",").map(noiseLevel);
    else if (!arg.startsWith("--")) options.out = arg;
    else throw new Error(`Unknown option ${arg}`);
  }
  if (!options.out) throw new Error("Usage: amd-clips.mjs <out-dir> [--set bench|fixtures]");
  return options;
}

/** Runs a program without a shell; throws with its stderr when it fails. */
function run(program, args) {
  const result = spawnSync(program, args, { encoding: "utf8" });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    throw new Error(`${program} ${args.join(" ")} failed: ${result.stderr.trim()}`);
  }
  return result.stdout + result.stderr;
}

/** sox in its repeatable mode (-R): the same noise and dither on every run, so a seed gives the same clips. */
function sox(args) {
  return run("sox", ["-R", ...args]);
}

/** True when espeak-ng and sox both run here. */
export function toolsAvailable() {
  return ["espeak-ng", "sox"].every((program) => {
    const result = spawnSync(program, ["--version"], { encoding: "utf8" });
    return !result.error && result.status === 0;
  });
}

/** Seeded PRNG (mulberry32), so one seed always gives the same set of clips. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function seconds(file) {
  return Number(run("sox", ["--i", "-D", file]).trim());
}

const ms = (s) => Math.round(s * 1000);

/** Speech at 8 kHz in the telephone band, its peak at `peakDb` dBFS. */
function speak(text, voice, wpm, peakDb, file) {
  const raw = `${file}.raw.wav`;
  run("espeak-ng", ["-v", voice, "-s", String(wpm), "-w", raw, text]);
  // espeak pads its output with silence; trim both ends (sox's silence effect trims the start:
  // reversed, the end) so that the labels say where the voice is.
  const trim = [...TRIM_START, "reverse", ...TRIM_START, "reverse"];
  sox([raw, ...FORMAT, file, ...trim, ...BAND, "gain", "-n", String(peakDb)]);
  fs.rmSync(raw);
  return seconds(file);
}

function silence(durationS, file) {
  sox(["-n", ...FORMAT, file, "trim", "0", durationS.toFixed(3)]);
}

/** A sine with 5 ms ramps (a click at each end would be a second, broadband sound). */
function tone(hz, durationS, amplitude, file) {
  const length = durationS.toFixed(3);
  const sine = ["synth", length, "sine", String(hz), "vol", amplitude.toFixed(4)];
  sox(["-n", ...FORMAT, file, ...sine, "fade", "0.005", length, "0.005"]);
}

function concat(files, file) {
  sox([...files, file]);
}

/** RMS of `synth <color>noise vol 1` in the telephone band, so a level can be asked for in dBFS. */
const noiseRmsAtFullVolume = new Map();
function noiseGain(color, rmsDb, dir) {
  if (!noiseRmsAtFullVolume.has(color)) {
    const probe = path.join(dir, `probe-${color}.wav`);
    sox(["-n", ...FORMAT, probe, "synth", "2", `${color}noise`, "vol", "0.1", ...BAND]);
    const stat = sox([probe, "-n", "stat"]);
    const rms = Number(/RMS\s+amplitude:\s+([\d.]+)/.exec(stat)[1]) / 0.1;
    noiseRmsAtFullVolume.set(color, rms);
    fs.rmSync(probe);
  }
  return 10 ** (rmsDb / 20) / noiseRmsAtFullVolume.get(color);
}

/** Mixes noise at `rmsDb` dBFS into `clean` (sox -m would halve both inputs; -v 1 keeps them). */
function addNoise(clean, color, rmsDb, file, dir) {
  const noise = `${file}.noise.wav`;
  const gain = noiseGain(color, rmsDb, dir);
  const synth = ["synth", seconds(clean).toFixed(3), `${color}noise`, "vol", gain.toFixed(5)];
  sox(["-n", ...FORMAT, noise, ...synth, ...BAND]);
  sox(["-m", "-v", "1", clean, "-v", "1", noise, file]);
  fs.rmSync(noise);
}

/** Through G.711 µ-law and back, as the call's audio reaches the browser (PCMU on the edge). */
function throughPcmu(file, out) {
  const encoded = `${file}.pcmu.wav`;
  sox([file, "-e", "u-law", encoded]);
  sox([encoded, ...FORMAT, out]);
  fs.rmSync(encoded);
}

/**
 * One clip from its spec. Times in the label are from the answer (the clip's first sample):
 * where the voice is, where the beep is, what the detector should say.
 */
function makeClip(spec, dir) {
  const base = path.join(dir, spec.name);
  const parts = [];
  const part = (suffix) => {
    const file = `${base}.${suffix}.wav`;
    parts.push(file);
    return file;
  };
  const label = { file: `${spec.name}.wav`, kind: spec.kind, expected: spec.expected };
  let at = 0;
  const pause = (s) => {
    if (s <= 0) return;
    silence(s, part(`pause${parts.length}`));
    at += s;
  };
  pause(spec.leadS);
  if (spec.text) {
    const speechS = speak(spec.text, spec.voice, spec.wpm, spec.peakDb, part("speech"));
    Object.assign(label, { voice: spec.voice, wpm: spec.wpm, text: spec.text });
    label.speechStartMs = ms(at);
    at += speechS;
    label.speechEndMs = ms(at);
  }
  if (spec.beepHz) {
    pause(spec.beepGapS);
    tone(spec.beepHz, spec.beepS, spec.beepAmplitude, part("beep"));
    Object.assign(label, { beepHz: spec.beepHz, beepStartMs: ms(at) });
    at += spec.beepS;
    label.beepEndMs = ms(at);
  }
  if (spec.fax) {
    // CNG (ITU-T T.30): 1100 Hz, 0.5 s on and 3 s off, from the answer.
    Object.assign(label, { toneHz: 1100, toneStartMs: ms(at) });
    for (let cycle = 0; cycle < 2; cycle++) {
      tone(1100, 0.5, 0.3, part(`cng${cycle}`));
      at += 0.5;
      pause(3);
    }
  }
  pause(Math.max(spec.tailS ?? 0, spec.lengthS - at));
  const clean = `${base}.clean.wav`;
  const line = `${base}.line.wav`;
  concat(parts, clean);
  if (spec.noiseDb === null) fs.renameSync(clean, line);
  else {
    addNoise(clean, spec.noiseColor, spec.noiseDb, line, dir);
    fs.rmSync(clean);
  }
  throughPcmu(line, `${base}.wav`);
  for (const file of [...parts, line]) fs.rmSync(file);
  label.noise = spec.noiseDb === null ? null : `${spec.noiseColor} ${spec.noiseDb} dBFS`;
  label.durationMs = ms(seconds(`${base}.wav`));
  return label;
}

/** The longest greeting that, at this speed, is likely to fit `targetS` (about 2.6 words/s at 160). */
function greetingFor(targetS, wpm) {
  const estimate = (text) => (text.split(/\s+/).length * 60) / wpm + 0.6;
  const fitting = GREETINGS.filter((text) => estimate(text) <= targetS);
  return fitting.length > 0 ? fitting[fitting.length - 1] : GREETINGS[0];
}

const pick = (rand, list) => list[Math.floor(rand() * list.length)];
const between = (rand, low, high) => low + rand() * (high - low);

/** A random clip of `kind`; `rand` decides voice, speed, lengths and noise. */
function randomSpec(kind, index, rand, noiseLevels) {
  const voice = pick(rand, VOICES);
  const wpm = Math.round(between(rand, 140, 200));
  const noiseDb = pick(rand, noiseLevels);
  const common = {
    name: `${String(index).padStart(3, "0")}-${kind}`,
    kind,
    voice,
    wpm,
    peakDb: -Math.round(between(rand, 3, 12)),
    noiseDb,
    noiseColor: pick(rand, ["white", "pink", "brown"]),
  };
  const beep = {
    beepHz: pick(rand, BEEP_HZ),
    beepS: Number(between(rand, 0.25, 1).toFixed(2)),
    beepGapS: Number(between(rand, 0.2, 0.8).toFixed(2)),
    beepAmplitude: between(rand, 0.1, 0.5),
  };
  switch (kind) {
    case "human":
      return {
        ...common,
        expected: "human",
        text: pick(rand, HUMAN_LINES),
        leadS: between(rand, 0.2, 1),
        lengthS: 5.5,
      };
    case "late-human":
      // Past app_amd's 2.5 s initial silence, which would call it a machine.
      return {
        ...common,
        expected: "human",
        text: pick(rand, HUMAN_LINES.slice(0, 4)),
        leadS: between(rand, 2.6, 3.3),
        lengthS: 6,
      };
    case "machine":
      return {
        ...common,
        ...beep,
        expected: "machine",
        text: greetingFor(between(rand, 4, 8), wpm),
        leadS: between(rand, 0.1, 0.8),
        lengthS: 0,
        tailS: 1,
      };
    case "machine-no-beep":
      return {
        ...common,
        expected: "machine",
        text: greetingFor(between(rand, 4, 8), wpm),
        leadS: between(rand, 0.1, 0.8),
        lengthS: 0,
        tailS: 2,
      };
    case "silence":
      return { ...common, expected: "unknown", leadS: 0, lengthS: 6 };
    case "fax":
      return {
        ...common,
        expected: "machine",
        fax: true,
        leadS: between(rand, 0, 0.5),
        lengthS: 0,
      };
    default:
      throw new Error(`Unknown kind ${kind}`);
  }
}

/** Shares of each kind in the benchmark set: mostly the two the targets are about. */
const BENCH_MIX = [
  ["human", 0.3],
  ["late-human", 0.1],
  ["machine", 0.35],
  ["machine-no-beep", 0.1],
  ["silence", 0.075],
  ["fax", 0.075],
];

function benchSpecs(count, seed, noiseLevels) {
  const rand = random(seed);
  const specs = [];
  for (const [kind, share] of BENCH_MIX) {
    const n = Math.max(1, Math.round(count * share));
    for (let i = 0; i < n; i++) specs.push(randomSpec(kind, specs.length, rand, noiseLevels));
  }
  return specs;
}

/** The committed unit-test set: each kind, several voices and speeds, short clips. */
function fixtureSpecs() {
  const machine = (name, voice, wpm, text, beepHz, noiseDb) => ({
    name,
    kind: "machine",
    expected: "machine",
    voice,
    wpm,
    text,
    peakDb: -4,
    leadS: 0.3,
    beepHz,
    beepS: 0.5,
    beepGapS: 0.4,
    beepAmplitude: 0.3,
    noiseDb,
    noiseColor: "pink",
    lengthS: 0,
    tailS: 0.8,
  });
  const human = (name, voice, wpm, text, leadS, noiseDb) => ({
    name,
    kind: leadS > 2.5 ? "late-human" : "human",
    expected: "human",
    voice,
    wpm,
    text,
    peakDb: -6,
    leadS,
    noiseDb,
    noiseColor: "white",
    lengthS: leadS > 2.5 ? 5 : 4,
  });
  return [
    human("human-hello-en-us", "en-us", 160, "Hello?", 0.4, null),
    human("human-hello-en-gb-f3-noisy", "en-gb+f3", 190, "Hello?", 0.6, -40),
    human("human-sam-en-us-m3", "en-us+m3", 145, "Hi, this is Sam.", 0.3, -50),
    human("human-yeah-en-f2", "en+f2", 175, "Yeah, hello?", 0.8, -45),
    human("human-sam-speaking-en-gb-m3", "en-gb+m3", 141, "Sam speaking.", 0.3, -40),
    human("late-human-hello-en-gb", "en-gb", 170, "Hello?", 2.9, -50),
    machine("machine-beep-1000-en-us", "en-us", 170, GREETINGS[1], 1000, null),
    machine("machine-beep-440-en-gb-f3", "en-gb+f3", 190, GREETINGS[2], 440, -45),
    machine("machine-beep-1800-en-m3-noisy", "en+m3", 150, GREETINGS[0], 1800, -38),
    {
      ...machine("machine-no-beep-en-us-f2", "en-us+f2", 180, GREETINGS[1], 0, -50),
      kind: "machine-no-beep",
      beepHz: undefined,
    },
    {
      name: "silence",
      kind: "silence",
      expected: "unknown",
      leadS: 0,
      lengthS: 6,
      noiseDb: -55,
      noiseColor: "brown",
    },
    {
      name: "fax-cng",
      kind: "fax",
      expected: "machine",
      fax: true,
      leadS: 0.2,
      lengthS: 0,
      noiseDb: null,
    },
  ];
}

export function generateClips({ out, set = "bench", count = 240, seed = 51, noise = NOISE_DB }) {
  fs.mkdirSync(out, { recursive: true });
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "amd-clips-"));
  const specs = set === "fixtures" ? fixtureSpecs() : benchSpecs(count, seed, noise);
  const labels = [];
  try {
    for (const spec of specs) {
      const label = makeClip(spec, work);
      fs.renameSync(path.join(work, label.file), path.join(out, label.file));
      labels.push(label);
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  fs.writeFileSync(path.join(out, "labels.json"), `${JSON.stringify(labels, null, 2)}\n`);
  return labels;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const options = parseArgs(process.argv.slice(2));
  if (!toolsAvailable()) {
    console.error("amd-clips: espeak-ng and sox are needed (apt-get install espeak-ng sox).");
    process.exit(1);
  }
  const labels = generateClips(options);
  console.log(`amd-clips: ${labels.length} clips in ${options.out}`);
}
