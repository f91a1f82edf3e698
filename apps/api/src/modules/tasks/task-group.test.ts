import { describe, expect, it } from "vitest";
import { businessDay, fromBusinessTime } from "../../kernel/business-time.ts";
import { taskGroup } from "./task-group.ts";

describe("business time (Ecuador)", () => {
  it("reads a wall-clock time in Ecuador as its instant", () => {
    expect(fromBusinessTime("2026-12-01T09:30").toISOString()).toBe("2026-12-01T14:30:00.000Z");
  });

  it("takes the calendar day in Ecuador, not in UTC", () => {
    // 02:00 UTC on the 2nd is still the evening of the 1st in Guayaquil.
    expect(businessDay(new Date("2026-12-02T02:00:00Z"))).toBe("2026-12-01");
  });

  it("groups open tasks as overdue, today or later, in Ecuador's day", () => {
    const now = fromBusinessTime("2026-12-01T10:00");
    expect(taskGroup(fromBusinessTime("2026-12-01T09:59"), false, now)).toBe("vencidas");
    expect(taskGroup(fromBusinessTime("2026-11-20T18:00"), false, now)).toBe("vencidas");
    expect(taskGroup(fromBusinessTime("2026-12-01T23:59"), false, now)).toBe("hoy");
    expect(taskGroup(fromBusinessTime("2026-12-02T00:00"), false, now)).toBe("proximas");
    expect(taskGroup(fromBusinessTime("2026-11-20T18:00"), true, now)).toBe("hechas");
  });
});
