// npm run bench:power-dial: the rep's idle time in a power-dial session, from the moment the
// rep answers one call's disposition to the next call ringing, against the configured countdown
// (the floor: the session waits exactly that long on purpose). Measured through the session
// engine the page runs (modules/power-dial/lib/session-engine.ts) with the page's tick loop, and the
// real reservation route handler (an atomic INSERT ... ON CONFLICT) on the embedded database.
// The dialer is a stub that "rings" when dialed: the transport's own ringing time is not the
// session's and is left out. Ratio 1.00 means no idle time beyond the countdown.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";

const countdownSeconds = Number(process.env.BENCH_COUNTDOWN_SECONDS ?? 1);
const calls = Number(process.env.BENCH_CALLS ?? 12);

async function main() {
  if (!process.env.DATABASE_URL)
    process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "dialflow-bench-"));
  process.env.LOG_LEVEL = "silent";

  const { NextRequest } = await import("next/server");
  const { POST: login } = await import("@/app/api/auth/login/route");
  const { POST: reserveRoute } = await import("@/app/api/dialing/reservations/[placeId]/route");
  const { addAccount } = await import("@/modules/team/lib/account-admin");
  const { closeDb, getDb } = await import("@/lib/db/client");
  const { createSessionEngine, tickMs } = await import("@/modules/power-dial/lib/session-engine");

  const req = (url: string, token?: string, body?: unknown) =>
    new NextRequest(`http://bench${url}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-dialflow-socket-ip": "10.0.0.1",
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body ?? {}),
    });

  await getDb();
  await addAccount(await getDb(), { username: "bench-pd", password: "bench-password" });
  const res = await login(
    req("/api/auth/login", undefined, { username: "bench-pd", password: "bench-password" }),
  );
  const token = ((await res.json()) as { token: string }).token;

  const run = Date.now().toString(36);
  const places = Array.from({ length: calls }, (_, i) => ({
    place_id: `ChIJbenchPowerDial${run}${i}`,
    name: `Bench ${i}`,
    phone: `+1 512-555-01${String(i).padStart(2, "0")}`,
  })) as unknown as import("@/modules/places/lib/schemas").Place[];

  const idle: number[] = [];
  let answeredAt = 0;
  let pending: { callId: string; placeId: string | null } | null = null;
  let answered: { callId: string; disposition: "no_answer"; talkSeconds: number } | null = null;
  let timer: ReturnType<typeof setInterval> | null = null;

  await new Promise<void>((resolve) => {
    const engine = createSessionEngine({
      async reserve(placeId) {
        const r = await reserveRoute(req(`/api/dialing/reservations/${placeId}`, token), {
          params: Promise.resolve({ placeId }),
        });
        return r.status === 409 ? "taken" : "ok";
      },
      release: () => undefined,
      openPlace: () => undefined,
      closePlace: () => undefined,
      dial(place) {
        // The next call rings: the idle gap ends here.
        if (answeredAt) idle.push(performance.now() - answeredAt);
        // The call ends and the rep answers at once (the bench measures the gap, not the call).
        setTimeout(() => {
          const callId = `c-${place.place_id}`;
          pending = { callId, placeId: place.place_id };
          engine.recorderChanged();
          pending = null;
          answered = { callId, disposition: "no_answer", talkSeconds: 0 };
          answeredAt = performance.now();
          engine.recorderChanged();
        }, 5);
      },
      hangUp: () => undefined,
      isCallActive: () => false,
      pending: () => pending,
      lastAnswered: () => answered,
      onSummary: () => resolve(),
      now: () => Date.now(),
    });
    // The page's tick loop (use-power-dial-session.ts).
    let last = Date.now();
    timer = setInterval(() => {
      const now = Date.now();
      engine.command({ type: "tick", now, elapsedMs: now - last });
      last = now;
    }, tickMs);
    engine.start(
      {
        rows: [],
        toDial: places,
        counts: { noPhone: 0, doNotCall: 0, reserved: 0, recent: 0, closed: 0 },
        total: places.length,
      },
      {
        countdownSeconds,
        reservationMinutes: 60,
        recentHours: 24,
        window: { startMinute: 540, endMinute: 1080, days: [1, 2, 3, 4, 5] },
      },
    );
  });
  if (timer) clearInterval(timer);

  const floor = countdownSeconds * 1000;
  const s = [...idle].sort((a, b) => a - b);
  const pct = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
  const mean = s.reduce((a, b) => a + b, 0) / s.length;
  console.log(
    `power-dial idle between disposition and next ring (countdown ${countdownSeconds} s, tick ${tickMs} ms)`,
  );
  console.log(
    `  n=${s.length}  mean=${mean.toFixed(0)} ms  p50=${pct(0.5).toFixed(0)} ms  p95=${pct(0.95).toFixed(0)} ms  max=${s.at(-1)!.toFixed(0)} ms`,
  );
  console.log(
    `  ratio to the floor: mean ${(mean / floor).toFixed(3)}  p95 ${(pct(0.95) / floor).toFixed(3)}  (1.000 = no idle time beyond the countdown)`,
  );
  await closeDb();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
