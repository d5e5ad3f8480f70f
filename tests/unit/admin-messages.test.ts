// The console's messages: every locale has the same keys and placeholders, and English keeps
// the spec's exact texts (sections 2, 8 and 9).
import { describe, expect, it } from "vitest";
import ar from "@/messages/ar";
import de from "@/messages/de";
import en from "@/messages/en";
import { flatten, type Tree } from "./message-catalogue";

const admin = (m: unknown) => flatten((m as { Admin: Tree }).Admin);
const args = (s: string) => [...s.matchAll(/\{(\w+)[,}]/g)].map((m) => m[1]).sort();

describe.each([
  ["ar", ar],
  ["de", de],
])("Admin messages in %s", (_name, messages) => {
  it("have every English key with the same placeholders, translated", () => {
    const source = admin(en);
    const target = admin(messages);
    expect(Object.keys(target).sort()).toEqual(Object.keys(source).sort());
    for (const [k, v] of Object.entries(source)) expect(args(target[k]!), k).toEqual(args(v));
    const same = Object.keys(source).filter((k) => source[k] === target[k]);
    // Technical words (Logs, Commit, CPUs, Build & Deploy) may stay; the namespace may not.
    expect(same.length).toBeLessThanOrEqual(Math.floor(Object.keys(source).length * 0.15));
  });
});

describe("Admin messages in English", () => {
  it("use the spec's texts", () => {
    const a = en.Admin;
    expect(a.login.failed).toBe("Login failed");
    expect(a.login.noToken).toBe("No token in response");
    expect(a.console.noToken).toBe("No admin token present.");
    expect(a.console.ping.unauthorized).toBe("Token invalid or expired.");
    expect(a.console.ping.error).toBe("Unexpected response {status}");
    expect(a.logs.failed).toBe("Log fetch failed");
    expect(a.db.checkpointFailed).toBe("Checkpoint failed");
    expect(a.db.backupFailed).toBe("Backup failed");
    expect(a.db.cacheFailed).toBe("Cache clear failed");
    expect(a.services.failed).toBe("Action failed: {detail}");
    expect(a.build.failed).toBe("Build/deploy failed");
    expect([
      a.services.title,
      a.logs.title,
      a.metrics.title,
      a.disk.title,
      a.sysinfo.title,
      a.db.title,
      a.version.title,
      a.audit.title,
      a.build.title,
    ]).toEqual([
      "Service Controls",
      "Logs",
      "Metrics",
      "Disk",
      "System Info",
      "DB Summary",
      "Version & Env",
      "Audit Trail",
      "Build & Deploy",
    ]);
    expect([a.db.checkpoint, a.db.backup, a.db.clearCache]).toEqual([
      "Checkpoint",
      "Backup",
      "Clear Cache",
    ]);
  });
});
