// npm run bench: prints login and authenticated-request latency figures on a throw-away
// embedded database (or DATABASE_URL). Also shows that a wrong password and an unknown user
// cost the same, which is what keeps usernames from being probed by timing.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";

if (!process.env.DATABASE_URL)
  process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "dialflow-bench-"));
process.env.LOG_LEVEL = "silent";
process.env.LOGIN_MAX_FAILURES = "100";

async function main() {
  const { NextRequest } = await import("next/server");
  const { POST: login } = await import("@/app/api/auth/login/route");
  const { GET: profile } = await import("@/app/api/auth/profile/route");
  const { addAccount } = await import("@/modules/team/lib/account-admin");
  const { closeDb, getDb } = await import("@/lib/db/client");

  const req = (
    url: string,
    init: { method?: string; body?: unknown; token?: string; ip: string },
  ) =>
    new NextRequest(`http://bench${url}`, {
      method: init.method ?? "GET",
      headers: {
        "content-type": "application/json",
        "x-dialflow-socket-ip": init.ip,
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });

  async function time(label: string, runs: number, fn: (i: number) => Promise<unknown>) {
    const samples: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      await fn(i);
      samples.push(performance.now() - t);
    }
    samples.sort((a, b) => a - b);
    const pct = (p: number) =>
      samples[Math.min(samples.length - 1, Math.floor(p * samples.length))]!.toFixed(1);
    console.log(`${label.padEnd(34)} n=${runs}  p50=${pct(0.5)} ms  p95=${pct(0.95)} ms`);
    return samples;
  }

  await getDb();
  await addAccount(await getDb(), { username: "bench-rep", password: "bench-password" });

  await time("login: success", 20, (i) =>
    login(
      req("/api/auth/login", {
        method: "POST",
        body: { username: "bench-rep", password: "bench-password" },
        ip: `10.0.0.${i}`,
      }),
    ),
  );
  // Interleaved, so that background load hits both series alike.
  const wrong: number[] = [];
  const unknown: number[] = [];
  for (let i = 0; i < 30; i++) {
    for (const [series, username] of [
      [wrong, "bench-rep"],
      [unknown, "nobody-here"],
    ] as const) {
      const t = performance.now();
      await login(
        req("/api/auth/login", {
          method: "POST",
          body: { username, password: "nope-nope" },
          ip: `10.0.1.${i}`,
        }),
      );
      series.push(performance.now() - t);
    }
  }
  for (const s of [wrong, unknown]) s.sort((a, b) => a - b);
  console.log(`login: wrong password (401)        n=30  p50=${wrong[15]!.toFixed(1)} ms`);
  console.log(`login: unknown user (401)          n=30  p50=${unknown[15]!.toFixed(1)} ms`);
  console.log(
    `timing gap wrong-vs-unknown (p50)  ${Math.abs(wrong[15]! - unknown[15]!).toFixed(1)} ms`,
  );

  const res = await login(
    req("/api/auth/login", {
      method: "POST",
      body: { username: "bench-rep", password: "bench-password" },
      ip: "10.0.3.1",
    }),
  );
  const { token } = (await res.json()) as { token: string };
  await time("GET /api/auth/profile (bearer)", 200, () =>
    profile(req("/api/auth/profile", { token, ip: "10.0.3.1" })),
  );

  await closeDb();
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
