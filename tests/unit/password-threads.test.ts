import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "@/lib/auth/password";

// Hashing runs on threads of its own at a lower scheduling priority (lib/auth/hash-worker.mjs),
// so that a burst of sign-ins never takes the CPU from the thread that serves requests.

/** Niceness of each thread of this process (field 19 of /proc/self/task/<tid>/stat). */
function threadNiceness() {
  return fs.readdirSync("/proc/self/task").map((tid) => {
    const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, "utf8");
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]);
  });
}

describe.runIf(process.platform === "linux")("password hashing threads", () => {
  it("hash and verify round-trip, and a wrong password or no account is refused", async () => {
    const hashed = await hashPassword("correct horse battery");
    expect(hashed).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(hashed, "correct horse battery")).toBe(true);
    expect(await verifyPassword(hashed, "wrong horse battery")).toBe(false);
    expect(await verifyPassword(null, "correct horse battery")).toBe(false);
  });

  it("run at a lower priority than the thread that serves requests", async () => {
    const before = threadNiceness();
    expect(before[0]).toBe(0); // the main thread
    await Promise.all([hashPassword("one password"), hashPassword("another password")]);
    expect(threadNiceness().filter((n) => n > 0).length).toBeGreaterThanOrEqual(1);
    expect(threadNiceness()[0]).toBe(0);
  });
});
