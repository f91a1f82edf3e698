import { describe, expect, it } from "vitest";
import { Snapshot } from "./snapshot.ts";

/** A count the test finishes by hand, and a clock it moves. */
function setUp() {
  let clock = 0;
  const pending: Array<{ resolve: (value: number) => void; reject: (error: Error) => void }> = [];
  let counted = 0;
  const snapshot = new Snapshot<number>(
    () =>
      new Promise<number>((resolve, reject) => {
        counted += 1;
        pending.push({ resolve, reject });
      }),
    { maxAgeMs: 60_000, now: () => clock },
  );
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return {
    snapshot,
    finish: async (value: number) => {
      const next = pending.shift();
      if (!next) throw new Error("no count under way");
      next.resolve(value);
      await settle();
    },
    fail: async (message: string) => {
      pending.shift()?.reject(new Error(message));
      await settle();
    },
    counts: () => counted,
    under: () => pending.length,
    tick: (ms: number) => {
      clock += ms;
    },
  };
}

describe("Snapshot", () => {
  it("counts once for requests that come together, then serves what it counted", async () => {
    const s = setUp();
    const first = s.snapshot.get();
    const second = s.snapshot.get();
    expect(s.counts()).toBe(1);
    await s.finish(7);
    await expect(first).resolves.toBe(7);
    await expect(second).resolves.toBe(7);
    await expect(s.snapshot.get()).resolves.toBe(7);
    expect(s.counts()).toBe(1);
  });

  it("after an announced change, a request waits for figures counted after it; nothing counts before", async () => {
    const s = setUp();
    const first = s.snapshot.get();
    await s.finish(1);
    await first;
    s.snapshot.changed();
    expect(s.under()).toBe(0);
    const after = s.snapshot.get();
    let settled = false;
    void after.then(() => {
      settled = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(settled).toBe(false);
    await s.finish(2);
    await expect(after).resolves.toBe(2);
  });

  it("a change during a count has a later request wait for the next one, never two counts at once", async () => {
    const s = setUp();
    const first = s.snapshot.get();
    s.snapshot.changed();
    const later = s.snapshot.get();
    s.snapshot.changed();
    const latest = s.snapshot.get();
    expect(s.under()).toBe(1);
    await s.finish(1);
    await expect(first).resolves.toBe(1);
    // One more count for both changes, not one each.
    expect(s.under()).toBe(1);
    await s.finish(2);
    await expect(later).resolves.toBe(2);
    await expect(latest).resolves.toBe(2);
    expect(s.counts()).toBe(2);
  });

  it("figures past their age are counted again before they are served", async () => {
    const s = setUp();
    const first = s.snapshot.get();
    await s.finish(1);
    await first;
    s.tick(59_999);
    await expect(s.snapshot.get()).resolves.toBe(1);
    s.tick(1);
    const aged = s.snapshot.get();
    expect(s.under()).toBe(1);
    await s.finish(2);
    await expect(aged).resolves.toBe(2);
  });

  it("a failed count fails the requests waiting for it; the next request counts again", async () => {
    const s = setUp();
    const first = expect(s.snapshot.get()).rejects.toThrow("base caída");
    await s.fail("base caída");
    await first;
    const again = s.snapshot.get();
    await s.finish(3);
    await expect(again).resolves.toBe(3);
  });
});
