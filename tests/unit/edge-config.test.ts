import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  callAuthorizationKey as edgeKey,
  fill,
  numbersTable,
  writeEdgeConfig,
} from "@/edge/edge.mjs";
import { callAuthorizationKey } from "@/modules/telephony/lib/call-authorization";

describe("the reference edge's configuration", () => {
  it("checks calls with the key the server signs with", () => {
    expect(edgeKey("a-shared-secret-of-the-team")).toBe(
      callAuthorizationKey("a-shared-secret-of-the-team"),
    );
  });

  it("writes every file with no placeholder left, the secret readable by its owner only", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "edge-config-"));
    try {
      writeEdgeConfig({
        dir,
        secret: "s".repeat(32),
        numbers: { "+15125550100": ["rep1", "rep2"] },
      });
      for (const file of ["kamailio/edge.local.cfg", "rtpengine.conf", "turnserver.conf"]) {
        expect(fs.readFileSync(path.join(dir, file), "utf8")).not.toMatch(/\$\{/);
      }
      expect(fs.statSync(path.join(dir, "kamailio/edge.local.cfg")).mode & 0o077).toBe(0);
      expect(fs.readFileSync(path.join(dir, "kamailio/db/numbers"), "utf8")).toContain(
        "+15125550100:0:0:rep1|rep2:0",
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("refuses what would break the Kamailio configuration", () => {
    expect(() => numbersTable({ "5125550100": ["rep1"] })).toThrow(/E.164/);
    expect(() => numbersTable({ "+15125550100": ["rep 1"] })).toThrow(/SIP users/);
    expect(() => numbersTable({ "+15125550100": ["a|b"] })).toThrow(/SIP users/);
    expect(() => fill("${NOPE}", {})).toThrow(/No value/);
    expect(() => writeEdgeConfig({ dir: os.tmpdir(), secret: "short" })).toThrow(/16 characters/);
    expect(() => writeEdgeConfig({ dir: os.tmpdir(), secret: `${"s".repeat(20)}"` })).toThrow(
      /letters/,
    );
    expect(() =>
      writeEdgeConfig({ dir: os.tmpdir(), secret: "s".repeat(20), domain: 'a"b' }),
    ).toThrow(/host/);
  });
});
