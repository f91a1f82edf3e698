import { describe, expect, it } from "vitest";
import { AbandonedError, OneAtATime, QueueFullError } from "./one-at-a-time.ts";

/** A task that runs until the test lets it finish, noting when it started. */
function heldTask(log: string[], name: string) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    run: async () => {
      log.push(`start ${name}`);
      await released;
      log.push(`end ${name}`);
      return name;
    },
    release,
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("one task at a time", () => {
  it("runs tasks in arrival order, never two at once, and refuses past the waiting line's length", async () => {
    const queue = new OneAtATime(2);
    const log: string[] = [];
    const [a, b, c] = [heldTask(log, "a"), heldTask(log, "b"), heldTask(log, "c")];
    const signal = new AbortController().signal;
    const results = [queue.run(a.run, signal), queue.run(b.run, signal), queue.run(c.run, signal)];
    await expect(queue.run(async () => "d", signal)).rejects.toBeInstanceOf(QueueFullError);
    await settle();
    expect(log).toEqual(["start a"]);
    a.release();
    await settle();
    expect(log).toEqual(["start a", "end a", "start b"]);
    b.release();
    c.release();
    expect(await Promise.all(results)).toEqual(["a", "b", "c"]);
    expect(log).toEqual(["start a", "end a", "start b", "end b", "start c", "end c"]);
    // Free again: the next one starts at once.
    expect(await queue.run(async () => "e", signal)).toBe("e");
  });

  it("lets a task whose request gave up leave the line without ever starting", async () => {
    const queue = new OneAtATime(2);
    const log: string[] = [];
    const [a, b] = [heldTask(log, "a"), heldTask(log, "b")];
    const gaveUp = new AbortController();
    const first = queue.run(a.run, new AbortController().signal);
    const leaving = queue.run(async () => log.push("never"), gaveUp.signal);
    const last = queue.run(b.run, new AbortController().signal);
    gaveUp.abort();
    await expect(leaving).rejects.toBeInstanceOf(AbandonedError);
    a.release();
    b.release();
    expect(await Promise.all([first, last])).toEqual(["a", "b"]);
    expect(log).toEqual(["start a", "end a", "start b", "end b"]);
    const already = new AbortController();
    already.abort();
    await expect(queue.run(async () => "late", already.signal)).rejects.toBeInstanceOf(AbandonedError);
    expect(await queue.run(async () => "next", new AbortController().signal)).toBe("next");
  });
});
