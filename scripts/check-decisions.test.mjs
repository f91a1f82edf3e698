import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { checkDecisions } from "./check-decisions.mjs";
import { folderOf, removeFolders, runScript } from "./script-test-kit.mjs";

const SCRIPT = fileURLToPath(new URL("./check-decisions.mjs", import.meta.url));
/** @param {string} title @param {string} status @param {string} [body] */
const record = (title, status, body = "## Context\n\nWhy.\n") => `${title}\n\n${status}\n\n${body}`;

const CLEAN = {
  "001-stack.md": record("# 001 · The stack", "Status: accepted · 2026-11-22"),
  "002-serving.md": record(
    "# 002 · Serving the site ourselves",
    "Status: superseded in part by 003 · 2026-11-22",
    "Superseded in part by 003: the HTTP details.\n\n## Context\n\nWhy.\n",
  ),
  "003-static.md": record("# 003 · Files through `@fastify/static`", "Status: accepted · 2026-11-25"),
  "README.md": [
    "# Decisions",
    "",
    "| № | Decision | Date | Status |",
    "|---|---|---|---|",
    "| [001](001-stack.md) | The stack | 2026-11-22 | accepted |",
    "| [002](002-serving.md) | Serving the site ourselves | 2026-11-22 | superseded in part by [003](003-static.md) |",
    "| [003](003-static.md) | Files through `@fastify/static` | 2026-11-25 | accepted |",
    "",
  ].join("\n"),
};

/**
 * The clean folder with one file changed by `edit` (text -> text).
 * @param {keyof typeof CLEAN} file
 * @param {(text: string) => string} edit
 */
const broken = (file, edit) => folder({ ...CLEAN, [file]: edit(CLEAN[file]) });

/**
 * The clean folder with a record's status and its README row both saying `to` instead of `from`.
 * @param {keyof typeof CLEAN} file
 * @param {string} from
 * @param {string} to
 */
const restated = (file, from, to) => {
  const number = file.slice(0, 3);
  const readme = CLEAN["README.md"].replace(new RegExp(`^(\\| \\[${number}\\].*\\| )[^|]*( \\|)$`, "m"), `$1${to}$2`);
  return folder({ ...CLEAN, [file]: CLEAN[file].replace(`Status: ${from} ·`, `Status: ${to} ·`), "README.md": readme });
};

afterEach(removeFolders);

describe("check-decisions", () => {
  it("passes records with their status lines and a README that lists them", () => {
    const dir = folder(CLEAN);
    expect(checkDecisions(dir)).toEqual([]);
    const { code, output } = run(dir);
    expect(code).toBe(0);
    expect(output).toContain("Decision records: 3");
  });

  it("passes the repository's own records", () => {
    expect(checkDecisions(fileURLToPath(new URL("../docs/decisions", import.meta.url)))).toEqual([]);
  });

  it.each([
    [
      "a record without a status line",
      () => broken("001-stack.md", (text) => text.replace("Status: accepted · 2026-11-22\n\n", "")),
      "001-stack.md: no status line",
    ],
    [
      "a status line that is not under the title",
      () =>
        broken(
          "001-stack.md",
          (text) => `${text.replace("Status: accepted · 2026-11-22\n\n", "")}\nStatus: accepted · 2026-11-22\n`,
        ),
      "001-stack.md: the status line must come right under the title",
    ],
    [
      "a malformed status line",
      () =>
        broken("001-stack.md", (text) =>
          text.replace("Status: accepted · 2026-11-22", "Status: Accepted (2026-11-22)"),
        ),
      '001-stack.md: malformed status line "Status: Accepted (2026-11-22)"',
    ],
    [
      "a status line with a day that does not exist",
      () => broken("001-stack.md", (text) => text.replace("2026-11-22", "2026-02-30")),
      "001-stack.md: the status line's date 2026-02-30 is not a day",
    ],
    [
      "a second status line",
      () => broken("001-stack.md", (text) => `${text}\nStatus: superseded by 003 · 2026-11-22\n`),
      "001-stack.md: a second status line (line 9)",
    ],
    [
      "a title without the record's number",
      () => broken("001-stack.md", (text) => text.replace("# 001 · ", "# 004 · ")),
      "001-stack.md: the title's number 004 is not the file's 001",
    ],
    [
      "a superseding decision that does not exist",
      () => restated("002-serving.md", "superseded in part by 003", "superseded in part by 009"),
      "002-serving.md: superseded by 009, but there is no decision 009",
    ],
    [
      "a superseding decision that came before",
      () => restated("003-static.md", "accepted", "superseded by 001"),
      "003-static.md: superseded by 001, which is not a later decision",
    ],
    [
      "a record missing from the README",
      () => broken("README.md", (text) => text.replace(/^\| \[003\].*\n/m, "")),
      "README.md: no row for 003-static.md; add\n    | [003](003-static.md) | Files through `@fastify/static` | 2026-11-25 | accepted |",
    ],
    [
      "a README row with another title",
      () => broken("README.md", (text) => text.replace("| The stack |", "| The old stack |")),
      'README.md:5: the row does not match 001-stack.md (title "The old stack"); write\n    | [001](001-stack.md) | The stack | 2026-11-22 | accepted |',
    ],
    [
      "a README row with another status",
      () =>
        broken("README.md", (text) => text.replace("| 2026-11-25 | accepted |", "| 2026-11-25 | superseded by 001 |")),
      'README.md:7: the row does not match 003-static.md (status "superseded by 001")',
    ],
    [
      "a README row with another date",
      () => broken("README.md", (text) => text.replace("| 2026-11-25 |", "| 2026-11-26 |")),
      'README.md:7: the row does not match 003-static.md (date "2026-11-26")',
    ],
    [
      "a README link to the wrong file",
      () => broken("README.md", (text) => text.replace("by [003](003-static.md)", "by [003](003-old.md)")),
      'README.md:6: the link to 003 leads to "003-old.md", not 003-static.md',
    ],
    [
      "a README row for a decision that is not there",
      () => broken("README.md", (text) => `${text}| [004](004-gone.md) | Gone | 2026-11-26 | accepted |\n`),
      "README.md:8: there is no decision 004",
    ],
    [
      "README rows out of order",
      () =>
        broken("README.md", (text) => {
          const lines = text.split("\n");
          [lines[4], lines[5]] = [lines[5] ?? "", lines[4] ?? ""];
          return lines.join("\n");
        }),
      "README.md: the rows are not in number order",
    ],
    ["no README", () => folder({ ...CLEAN, "README.md": null }), "README.md: missing"],
  ])("fails on %s", (_case, make, message) => {
    const dir = make();
    const problems = checkDecisions(dir);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(message);

    const { code, output } = run(dir);
    expect(code).toBe(1);
    expect(output).toContain(message);
    expect(output).toContain("1 decision record problem(s)");
  });
});

/**
 * A throw-away tree of `files`.
 * @param {Record<string, string | null>} files
 */
function folder(files) {
  return folderOf("decisions-", files);
}

/**
 * Runs the command as `npm run lint` does.
 * @param {string} root
 */
function run(root) {
  return runScript(SCRIPT, root);
}
