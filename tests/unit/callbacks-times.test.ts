import { describe, expect, it } from "vitest";
import {
  businessWallClock,
  dueReminders,
  groupOf,
  offsetLabel,
  REMINDER_GRACE_MS,
} from "@/modules/callbacks/lib/times";

describe("groupOf", () => {
  const now = new Date(2026, 10, 26, 15, 0); // the rep's local 3 PM
  it("puts a passed time in overdue, the rest of today in today, and tomorrow on in later", () => {
    expect(groupOf(new Date(2026, 10, 26, 14, 59), now)).toBe("overdue");
    expect(groupOf(now, now)).toBe("overdue");
    expect(groupOf(new Date(2026, 10, 26, 23, 59), now)).toBe("today");
    expect(groupOf(new Date(2026, 10, 27, 0, 0), now)).toBe("later");
  });
});

describe("the business's time", () => {
  it("labels offsets as clocks do", () => {
    expect(offsetLabel(0)).toBe("UTC");
    expect(offsetLabel(120)).toBe("UTC+2");
    expect(offsetLabel(-360)).toBe("UTC\u22126");
    expect(offsetLabel(330)).toBe("UTC+5:30");
    expect(offsetLabel(-570)).toBe("UTC\u22129:30");
  });
  it("shifts the instant by the place's offset, to format in UTC", () => {
    const due = new Date(Date.UTC(2026, 10, 26, 15, 0));
    expect(businessWallClock(due, -360).toISOString()).toBe("2026-11-26T09:00:00.000Z");
    expect(businessWallClock(due, 330).toISOString()).toBe("2026-11-26T20:30:00.000Z");
  });
});

describe("dueReminders", () => {
  const openedAt = Date.UTC(2026, 10, 26, 15, 0);
  const at = (minutes: number) => new Date(openedAt + minutes * 60_000).toISOString();
  const list = [
    { itemId: "long-overdue", dueAt: at(-90) },
    { itemId: "just-before-open", dueAt: at(-0.5) },
    { itemId: "soon", dueAt: at(10) },
    { itemId: "later", dueAt: at(45) },
  ];

  it("rings nothing old on opening, and says when the next one comes due", () => {
    const { ring, nextAt } = dueReminders(list, openedAt, openedAt, new Set());
    expect(ring.map((c) => c.itemId)).toEqual(["just-before-open"]);
    expect(nextAt).toBe(Date.parse(at(10)));
    expect(REMINDER_GRACE_MS).toBe(60_000);
  });

  it("rings each once when it comes due", () => {
    const now = Date.parse(at(10));
    const first = dueReminders(list, now, openedAt, new Set(["just-before-open"]));
    expect(first.ring.map((c) => c.itemId)).toEqual(["soon"]);
    expect(first.nextAt).toBe(Date.parse(at(45)));
    const again = dueReminders(list, now, openedAt, new Set(["just-before-open", "soon"]));
    expect(again.ring).toEqual([]);
  });
});
