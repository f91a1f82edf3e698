import { test as base, expect, type Page } from "@playwright/test";

export type PageProblems = { problems: string[] };

/**
 * Every test fails when a page of its browser context logs a console error or throws an uncaught
 * exception (a hydration mismatch, a CSP violation, a missing file, a React error...). A test that
 * provokes a problem on purpose can empty `pageProblems.problems`.
 */
export const test = base.extend<{ pageProblems: PageProblems }>({
  pageProblems: [
    async ({ context }, use, testInfo) => {
      const state: PageProblems = { problems: [] };
      context.on("console", (message) => {
        if (message.type() !== "error") return;
        const where = message.location().url;
        state.problems.push(`console.error: ${message.text()}${where ? ` (${where})` : ""}`);
      });
      // Chrome does not always log a blocked eval to the console: listen for the violation itself.
      await context.addInitScript(() => {
        document.addEventListener("securitypolicyviolation", (event) => {
          console.error(
            `CSP violation: ${event.violatedDirective} ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`,
          );
        });
      });
      context.on("weberror", (webError) => {
        const error = webError.error();
        state.problems.push(`page error: ${error.stack ?? error.message}`);
      });
      await use(state);
      if (state.problems.length > 0) {
        await testInfo.attach("page-problems", { body: state.problems.join("\n"), contentType: "text/plain" });
      }
      expect(state.problems, "the page logged console errors or threw").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect, type Page };
