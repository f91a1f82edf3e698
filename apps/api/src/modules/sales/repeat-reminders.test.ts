import { describe, expect, it } from "vitest";
import { expectNextOrder } from "./repeat-reminders.ts";

// The repeat-order rule (decision 056) on its own: median spacing, its bounds, the reminder's lead.

describe("the next order a buyer is expected to place", () => {
  it("uses the median of the days between orders, so one late order does not move it", () => {
    const days = ["2026-01-05", "2026-02-02", "2026-03-02", "2026-06-29", "2026-07-27"];
    // Gaps 28, 28, 119, 28: the median is 28.
    expect(expectNextOrder(days, "2026-07-28")).toEqual({
      expectedOn: "2026-08-24",
      gapDays: 28,
      ordersCounted: 5,
      remindOn: "2026-08-17",
    });
  });

  it("takes the earlier middle of an even count, and keeps the spacing between 14 and 365 days", () => {
    expect(expectNextOrder(["2026-01-01", "2026-01-21", "2026-03-02"], "2026-03-02").gapDays).toBe(20);
    expect(expectNextOrder(["2026-01-01", "2026-01-02"], "2026-01-02").gapDays).toBe(14);
    expect(expectNextOrder(["2024-01-01", "2025-12-31"], "2026-01-01").gapDays).toBe(365);
  });

  it("after a first order expects the next in 90 days; a reminder that would be past is due tomorrow", () => {
    expect(expectNextOrder(["2026-12-01"], "2026-12-01")).toMatchObject({
      expectedOn: "2027-03-01",
      remindOn: "2027-02-15",
    });
    expect(expectNextOrder(["2026-01-01"], "2026-12-01")).toMatchObject({
      expectedOn: "2026-04-01",
      remindOn: "2026-12-02",
    });
  });
});
