import { describe, expect, it } from "vitest";
import { ownScriptLongestTask } from "./lighthouse-runner.mjs";
import { verdicts } from "./report.mjs";

// Issue 31: TBT within 30 ms of the no-JS copy's, and the page's own scripts in no task over 50 ms.
/**
 * A page's row with what these verdicts read; the rest of a real row is left out.
 * @param {string} page
 * @param {number} tbt
 * @param {number} copyTbt
 * @param {number} ownScriptLongTask
 * @returns {import("./report.mjs").PageRow}
 */
const row = (page, tbt, copyTbt, ownScriptLongTask) =>
  /** @type {import("./report.mjs").PageRow} */ (
    /** @type {unknown} */ ({
      page,
      scores: { performance: 100, accessibility: 100, "best-practices": 100, seo: 100 },
      failing: { performance: [], accessibility: [], "best-practices": [], seo: [] },
      fcp: 760,
      lcp: 830,
      lcpRatio: 1,
      tbt,
      cls: 0,
      ownScriptLongTask,
      copy: { tbt: copyTbt },
    })
  );
/**
 * @param {import("./report.mjs").Verdict[]} list
 * @param {string} start
 */
const find = (list, start) => list.find((item) => item.target.startsWith(start));

describe("web bench verdicts", () => {
  it("flags a TBT more than 30 ms over the no-JS copy's", () => {
    const list = verdicts([row("/", 80, 27, 0), row("/productos", 5, 0, 0)], {});
    const tbt = find(list, "TBT <= the no-JS copy's TBT + 30 ms");
    expect(tbt?.ok).toBe(false);
    expect(tbt?.detail).toBe("/ +53 ms (80 ms, no-JS copy 27 ms)");
    expect(find(verdicts([row("/", 50, 27, 0)], {}), "TBT <= the no-JS")?.ok).toBe(true);
  });

  it("flags a task of the page's own scripts over 50 ms", () => {
    const list = verdicts([row("/contacto", 40, 2, 58), row("/terminos", 4, 0, 0)], {});
    const own = find(list, "longest task of the page's own scripts <= 50 ms");
    expect(own?.ok).toBe(false);
    expect(own?.detail).toBe("/contacto 58 ms");
  });
});

describe("ownScriptLongestTask", () => {
  /** @param {{ url: string, duration: number }[]} items */
  const lhr = (items) => ({
    finalDisplayedUrl: "http://127.0.0.1:3200/contacto",
    audits: { "long-tasks": { details: { items } } },
  });

  it("counts only the page's own .js files, not the HTML's own work or other origins", () => {
    const items = [
      { url: "http://127.0.0.1:3200/contacto", duration: 120 },
      { url: "Unattributable", duration: 90 },
      { url: "https://example.com/x.js", duration: 300 },
      { url: "http://127.0.0.1:3200/assets/framework-abc.js", duration: 58 },
      { url: "http://127.0.0.1:3200/assets/contact-form-def.js", duration: 64 },
    ];
    expect(ownScriptLongestTask(lhr(items))).toBe(64);
    expect(ownScriptLongestTask(lhr(items.slice(0, 3)))).toBe(0);
  });
});
