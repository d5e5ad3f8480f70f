// What the peer does with an INVITE, chosen by the dialed number. The table is documented at
// the top of tests/peers/sip-peer.mjs; keep the two in step.

/** Named behaviours. `ring`: send 180 before the final answer. Delays come from config. */
export const behaviours = {
  answer: { action: "answer" },
  "answer-hangup": { action: "answer", hangup: true },
  busy: { action: "reject", status: 486, ring: false },
  invalid: { action: "reject", status: 404, ring: false },
  decline: { action: "reject", status: 603, ring: true },
  "no-answer": { action: "reject", status: 408, ring: true, after: "noAnswerMs" },
  unavailable: { action: "reject", status: 480, ring: true, after: "noAnswerMs" },
  failed: { action: "reject", status: 503, ring: false },
  "early-answer": { action: "answer", early: true },
  "early-busy": { action: "reject", status: 486, ring: false, early: true },
  lossy: { action: "answer", lossy: true },
  dtmf: { action: "answer", dtmf: true },
  // Recorded answers for answering-machine detection (tests/fixtures/amd, espeak-ng voices made
  // by scripts/amd-clips.mjs): played from the answer on, then silence.
  human: { action: "answer", clip: "human-hello-en-us.wav" },
  machine: { action: "answer", clip: "machine-beep-1000-en-us.wav" },
  "machine-no-beep": { action: "answer", clip: "machine-no-beep-en-us-f2.wav" },
  "late-human": { action: "answer", clip: "late-human-hello-en-gb.wav" },
  fax: { action: "answer", clip: "fax-cng.wav" },
  silence: { action: "answer", clip: "silence.wav" },
};

/**
 * Default numbers: the Austin block of the Places peer (+1 512-555-01NN), so a business found
 * there can be called with a known outcome. Keys are digits only.
 */
export const defaultNumbers = {
  15125550100: "answer",
  15125550101: "answer-hangup",
  15125550102: "busy",
  15125550103: "invalid",
  15125550104: "decline",
  15125550105: "no-answer",
  15125550106: "early-answer",
  15125550107: "early-busy",
  15125550108: "lossy",
  15125550109: "dtmf",
  15125550110: "unavailable",
  15125550111: "failed",
};

/** "+1 (512) 555-0100", "15125550100" and "tel-ish" user parts all compare as digits. */
export function normalizeNumber(user) {
  return String(user ?? "").replace(/\D/g, "");
}

/**
 * Resolves the dialed user part to { name, spec }: an exact entry (a behaviour name or an
 * inline spec object), else `defaultBehaviour` (which is "invalid": unknown numbers get 404).
 */
export function resolveBehaviour(user, numbers, defaultBehaviour = "invalid") {
  const entry = numbers[normalizeNumber(user)] ?? numbers[String(user)] ?? defaultBehaviour;
  if (typeof entry === "object" && entry) return { name: entry.name ?? "custom", spec: entry };
  const spec = behaviours[entry];
  if (!spec) return { name: "invalid", spec: behaviours.invalid };
  return { name: entry, spec };
}
