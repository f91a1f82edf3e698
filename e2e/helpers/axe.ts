import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { waitForScrollToSettle } from "./site";

export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

/** Resolves when no finite CSS transition or animation is running (colours are final). */
async function waitForTransitionsToEnd(page: Page) {
  await page.waitForFunction(() =>
    document.getAnimations().every(
      (animation) =>
        animation.playState !== "running" ||
        // Driven by scrolling (the header's colour), not by time: it never "ends".
        animation.timeline !== document.timeline ||
        animation.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY,
    ),
  );
}

/**
 * Runs axe on the page as a person sees it once it is still (no scrolling, no transition half
 * way), and fails with a readable list of violations.
 */
export async function expectNoAxeViolations(page: Page, options: { include?: string; exclude?: string } = {}) {
  await waitForScrollToSettle(page);
  await waitForTransitionsToEnd(page);
  let builder = new AxeBuilder({ page }).withTags(AXE_TAGS);
  if (options.include) builder = builder.include(options.include);
  if (options.exclude) builder = builder.exclude(options.exclude);
  const { violations } = await builder.analyze();
  const readable = violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    help: violation.help,
    nodes: violation.nodes.slice(0, 5).map((node) => `${node.target.join(" ")}: ${node.failureSummary ?? ""}`),
  }));
  expect(readable, `axe found ${violations.length} violation(s) on ${page.url()}`).toEqual([]);
}
