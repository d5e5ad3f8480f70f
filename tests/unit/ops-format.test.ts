import { describe, expect, it } from "vitest";
import { parseArgvJson, parseServiceList } from "@/lib/env-parsers";
import { formatBytes, formatMs, formatUptime } from "@/modules/console/lib/format";

describe("console number formats", () => {
  it("bytes with binary units", () => {
    expect(formatBytes(0)).toBe("0 B");
    expect(formatBytes(1023)).toBe("1023 B");
    expect(formatBytes(1536)).toBe("1.5 KiB");
    expect(formatBytes(5 * 1024 ** 3)).toBe("5.0 GiB");
  });
  it("uptime as the two largest units", () => {
    expect(formatUptime(0)).toBe("0s");
    expect(formatUptime(12)).toBe("12s");
    expect(formatUptime(250)).toBe("4m 10s");
    expect(formatUptime(7500)).toBe("2h 5m");
    expect(formatUptime(3 * 86_400 + 4 * 3600 + 59)).toBe("3d 4h");
    expect(formatUptime(86_400 + 30)).toBe("1d");
  });
  it("durations", () => {
    expect(formatMs(850)).toBe("850 ms");
    expect(formatMs(12_345)).toBe("12.3 s");
    expect(formatMs(125_000)).toBe("2m 05s");
  });
});

describe("console settings parsers", () => {
  it("reads name=unit pairs and refuses units that could be options or paths", () => {
    expect(parseServiceList("apache=apache2.service, auth=dialflow-auth.service")).toEqual([
      { service: "apache", unit: "apache2.service" },
      { service: "auth", unit: "dialflow-auth.service" },
    ]);
    for (const bad of [
      "x=-H.service",
      "x=../a.service",
      "x=a b.service",
      "x",
      "X=a.service",
      "a=b=c",
    ]) {
      expect(typeof parseServiceList(bad), bad).toBe("string");
    }
    expect(typeof parseServiceList("a=x.service,a=y.service")).toBe("string");
  });
  it("reads argv JSON arrays only", () => {
    expect(parseArgvJson('["npm","run","build"]')).toEqual(["npm", "run", "build"]);
    for (const bad of ["npm run build", "[]", '["a",1]', '{"a":1}', '["a\\u0000"]', '[""]']) {
      expect(typeof parseArgvJson(bad), bad).toBe("string");
    }
  });
});
