import "server-only";
import { spawn } from "node:child_process";
import { childPath } from "@/lib/env";

// Runs one program with an argument array: never a shell, a time-out that kills the whole
// process group (a build's children too), and output kept to a bounded tail.

export type RunOptions = {
  timeoutMs: number;
  /** Bytes of combined output kept (the newest); older output is dropped. */
  maxOutputBytes?: number;
  env?: Record<string, string | undefined>;
  cwd?: string;
  /** Called with each complete output line as it arrives (for progress). */
  onLine?: (line: string) => void;
};

export type RunResult = {
  /** false when the program could not be started (ENOENT, EACCES). */
  started: boolean;
  startError?: string;
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  output: string;
  ms: number;
};

export function runCommand(file: string, args: string[], opts: RunOptions): Promise<RunResult> {
  const maxBytes = opts.maxOutputBytes ?? 64 * 1024;
  const started = Date.now();
  return new Promise((resolve) => {
    let output = "";
    let pending = "";
    let timedOut = false;
    let settled = false;
    const child = spawn(file, args, {
      shell: false,
      detached: true, // its own process group, so a time-out can end every descendant
      stdio: ["ignore", "pipe", "pipe"] as const,
      env: (opts.env ?? { PATH: childPath, LANG: "C" }) as NodeJS.ProcessEnv,
      cwd: opts.cwd,
      windowsHide: true,
    });
    const killGroup = () => {
      try {
        if (child.pid) process.kill(-child.pid, "SIGKILL");
      } catch {
        child.kill("SIGKILL");
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, opts.timeoutMs);
    const take = (chunk: Buffer) => {
      const text = chunk.toString("utf8");
      output += text;
      if (output.length > maxBytes) output = output.slice(output.length - maxBytes);
      if (opts.onLine) {
        pending += text;
        const parts = pending.split(/\r?\n/);
        pending = parts.pop() ?? "";
        if (pending.length > 4096) pending = pending.slice(-4096);
        for (const line of parts) opts.onLine(line);
      }
    };
    child.stdout.on("data", take);
    child.stderr.on("data", take);
    const finish = (result: Omit<RunResult, "output" | "ms" | "timedOut">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (opts.onLine && pending) opts.onLine(pending);
      resolve({ ...result, timedOut, output, ms: Date.now() - started });
    };
    child.on("error", (err: NodeJS.ErrnoException) => {
      finish({
        started: false,
        startError: err.code ?? "spawn failed",
        exitCode: null,
        signal: null,
      });
    });
    child.on("close", (exitCode, signal) => {
      // A time-out may leave grandchildren holding the pipes; the group kill above ends them.
      finish({ started: true, exitCode, signal });
    });
  });
}
