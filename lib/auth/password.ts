import "server-only";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { hash as argonHash, verify as argonVerify } from "@node-rs/argon2";
import { z } from "zod";
import { isServerless } from "@/lib/env";

// OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane. (2 = Algorithm.Argon2id; the enum is const.)
const options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

// At most one hash per core at a time: each takes a core for its whole run (~20 ms), and more at
// once would not finish sooner. On a long-running server they run on hashing threads of their own
// (lib/auth/hash-worker.mjs) at a lower scheduling priority: a burst of sign-ins then uses every
// idle core but never delays the thread that serves requests (health probes stay quick). On the
// libuv threadpool, at normal priority, the same burst took the cores from the request thread.
const maxConcurrentHashes = Math.max(1, os.availableParallelism());
/** Niceness of the hashing threads (0-19; higher yields more readily). */
const hashThreadNice = 19;
/** A hashing thread with no work this long ends (its isolate is memory the idle server keeps). */
const hashThreadIdleMs = 30_000;

type Job = {
  op: "hash" | "verify";
  password: string;
  hashed?: string;
  resolve(value: string | boolean): void;
  reject(err: Error): void;
};
type HashThread = { worker: Worker; job: Job | null; idle?: NodeJS.Timeout };

const queue: Job[] = [];
const threads = new Set<HashThread>();

function hashWorkerPath(): string | null {
  // Serverless functions ship only what the bundler traced: hash on the libuv threadpool there.
  if (isServerless) return null;
  const file = path.resolve(process.cwd(), "lib/auth/hash-worker.mjs");
  return fs.existsSync(file) ? file : null;
}
const workerFile = hashWorkerPath();

function startThread(file: string): HashThread {
  const thread: HashThread = {
    worker: new Worker(file, { workerData: { nice: hashThreadNice } }),
    job: null,
  };
  const fail = (err: Error) => {
    threads.delete(thread);
    clearTimeout(thread.idle);
    thread.job?.reject(err);
    thread.job = null;
    dispatch();
  };
  thread.worker.on("message", (reply: { result?: string | boolean; error?: string }) => {
    const job = thread.job;
    thread.job = null;
    if (reply.error !== undefined) job?.reject(new Error(reply.error));
    else job?.resolve(reply.result!);
    dispatch();
    if (!thread.job) {
      // Idle: the thread must not keep a CLI process alive, and ends after a while.
      thread.worker.unref();
      thread.idle = setTimeout(() => {
        threads.delete(thread);
        void thread.worker.terminate();
      }, hashThreadIdleMs);
      thread.idle.unref();
    }
  });
  thread.worker.on("error", fail);
  thread.worker.on("exit", (code) => fail(new Error(`hashing thread exited (code ${code})`)));
  threads.add(thread);
  return thread;
}

function dispatch() {
  while (queue.length) {
    let thread = [...threads].find((t) => !t.job);
    if (!thread) {
      if (threads.size >= maxConcurrentHashes) return;
      thread = startThread(workerFile!);
    }
    const job = queue.shift()!;
    clearTimeout(thread.idle);
    thread.job = job;
    thread.worker.ref();
    thread.worker.postMessage({
      id: 0,
      op: job.op,
      password: job.password,
      hashed: job.hashed,
      options,
    });
  }
}

function onThread<T extends string | boolean>(job: Omit<Job, "resolve" | "reject">) {
  return new Promise<T>((resolve, reject) => {
    queue.push({ ...job, resolve: resolve as Job["resolve"], reject });
    dispatch();
  });
}

// Fallback without hashing threads: the libuv threadpool, limited to one hash per core.
let running = 0;
const waiting: (() => void)[] = [];

async function limited<T>(run: () => Promise<T>): Promise<T> {
  if (running >= maxConcurrentHashes) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await run();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

const hash = (password: string) =>
  workerFile
    ? onThread<string>({ op: "hash", password })
    : limited(() => argonHash(password, options));
const verify = (hashed: string, password: string) =>
  workerFile
    ? onThread<boolean>({ op: "verify", password, hashed })
    : limited(() => argonVerify(hashed, password));

export const passwordSchema = z
  .string()
  .min(8, "Password must be at least 8 characters")
  .max(256, "Password must be at most 256 characters");

export function hashPassword(password: string) {
  return hash(password);
}

// Verified against when the username does not exist, so both paths cost one argon2 verification.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | null, password: string) {
  dummyHash ??= hashPassword("timing-equaliser-not-a-real-password");
  const target = passwordHash ?? (await dummyHash);
  try {
    const ok = await verify(target, password);
    return ok && passwordHash !== null;
  } catch {
    return false;
  }
}
