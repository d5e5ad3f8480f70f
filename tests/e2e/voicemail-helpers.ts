// The rep's voicemail message for the specs that drop one (voicemail, machine-detection): a
// tone no other side sends, so the SIP peer can tell when it hears it.
import type { APIRequestContext } from "@playwright/test";
import { expect } from "./fixtures";
import { toneWav } from "./sip-line";

export const messageHz = 660;
export const messageMs = 3000;

/** A mono 16-bit WAV at 8 kHz of a sine at `hz`, `ms` long (as a phone line carries it). */
export function phoneToneWav(hz: number, ms: number): Buffer {
  return toneWav(hz, { sampleRate: 8000, seconds: ms / 1000, amplitude: 12000 / 32767 });
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
    data: phoneToneWav(messageHz, messageMs),
  });
  expect(res.status()).toBe(201);
}
