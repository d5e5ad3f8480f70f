// The rep's voicemail message for the specs that drop one (voicemail, machine-detection): a
// tone no other side sends, so the SIP peer can tell when it hears it.
import type { APIRequestContext } from "@playwright/test";
import { expect } from "./fixtures";

export const messageHz = 660;
export const messageMs = 3000;

/** A mono 16-bit WAV of a sine at `hz`. */
export function toneWav(hz: number, ms: number, rate = 8000): Buffer {
  const samples = Math.round((rate * ms) / 1000);
  const out = Buffer.alloc(44 + samples * 2);
  out.write("RIFF", 0);
  out.writeUInt32LE(36 + samples * 2, 4);
  out.write("WAVEfmt ", 8);
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20);
  out.writeUInt16LE(1, 22);
  out.writeUInt32LE(rate, 24);
  out.writeUInt32LE(rate * 2, 28);
  out.writeUInt16LE(2, 32);
  out.writeUInt16LE(16, 34);
  out.write("data", 36);
  out.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++) {
    out.writeInt16LE(Math.round(12000 * Math.sin((2 * Math.PI * hz * i) / rate)), 44 + i * 2);
  }
  return out;
}

/** Leaves the rep with one message (the `messageHz` tone for `messageMs`), the default. */
export async function oneMessage(api: APIRequestContext, token: string) {
  const auth = { Authorization: `Bearer ${token}` };
  const listed = await api.get("/api/voicemails", { headers: auth });
  for (const m of ((await listed.json()) as { messages: { id: string }[] }).messages) {
    expect((await api.delete(`/api/voicemails/${m.id}`, { headers: auth })).status()).toBe(200);
  }
  const res = await api.post(`/api/voicemails?name=First+attempt&durationMs=${messageMs}`, {
    headers: { ...auth, "Content-Type": "audio/wav" },
    data: toneWav(messageHz, messageMs),
  });
  expect(res.status()).toBe(201);
}
