import "server-only";
import { childPath, env } from "@/lib/env";
import type { ServiceEntry } from "@/lib/env-parsers";
import { redactSecrets } from "./redact";
import { runCommand } from "./run-command";
import { serviceActionBodySchema, type ServiceAction, type ServiceState } from "./schemas";

// Service controls over the OPS_SERVICES allow-list. A request can only pick an entry of the
// list (by its name or its exact unit); the unit passed to systemctl always comes from the list,
// never from the request.

const timeoutMs = () => env.OPS_COMMAND_TIMEOUT_SECONDS * 1000;
const allowList = (): readonly ServiceEntry[] => env.OPS_SERVICES;

export type ResolvedAction =
  { ok: true; action: ServiceAction; entry: ServiceEntry } | { ok: false; error: string };

/** Validates a service-action body against the schema and the allow-list. */
export function resolveServiceAction(body: unknown): ResolvedAction {
  const parsed = serviceActionBodySchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join(".")}: ` : "";
    return { ok: false, error: `Invalid request: ${where}${issue?.message ?? "invalid body"}` };
  }
  const { action, service, unit } = parsed.data;
  const entry = allowList().find((e) =>
    service !== undefined ? e.service === service : e.unit === unit,
  );
  if (!entry) return { ok: false, error: "Service not in the allow-list" };
  return { ok: true, action, entry };
}

function systemctl(args: string[]) {
  return runCommand(env.OPS_SYSTEMCTL, args, {
    timeoutMs: timeoutMs(),
    maxOutputBytes: 8 * 1024,
    env: { PATH: childPath, LANG: "C", SYSTEMD_PAGER: "", SYSTEMD_COLORS: "0" },
  });
}

export async function serviceStates(): Promise<{ services: ServiceState[]; available: boolean }> {
  let available = true;
  const services = await Promise.all(
    allowList().map(async ({ service, unit }) => {
      const run = await systemctl(["is-active", "--", unit]);
      if (!run.started) {
        available = false;
        return { service, unit, state: "unavailable" };
      }
      // is-active prints one word (active, inactive, failed, activating, ...) and exits non-zero
      // for anything but active; the word is what the console shows.
      const word = run.output.trim().split(/\s+/)[0] ?? "";
      const state = run.timedOut ? "timeout" : /^[a-z-]{1,32}$/.test(word) ? word : "unknown";
      return { service, unit, state };
    }),
  );
  return { services, available };
}

export type ActionOutcome = { ok: boolean; detail?: string; error?: string; code?: string };

export async function runServiceAction(
  action: ServiceAction,
  entry: ServiceEntry,
): Promise<ActionOutcome> {
  const run = await systemctl(["--no-ask-password", action, "--", entry.unit]);
  if (!run.started) {
    return {
      ok: false,
      error: "systemctl is unavailable on this host",
      code: "systemctl_unavailable",
    };
  }
  const output = redactSecrets(run.output.trim()).slice(-2000);
  if (run.timedOut) {
    return { ok: false, error: `systemctl ${action} timed out`, code: "timeout", detail: output };
  }
  if (run.exitCode !== 0) {
    return {
      ok: false,
      error: `systemctl ${action} ${entry.unit} exited with ${run.exitCode ?? run.signal}`,
      code: "action_failed",
      detail: output || undefined,
    };
  }
  return { ok: true, detail: output || `${action} ${entry.unit}: done` };
}
