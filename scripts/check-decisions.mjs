#!/usr/bin/env node
// Decision records, checked on every `npm run lint` (docs/decisions/README.md). For each
// docs/decisions/NNN-name.md:
//   title          the first line is `# NNN · Title`, NNN the file's own number (and no two files share it)
//   status         right under the title (one blank line between) a line
//                    Status: accepted · YYYY-MM-DD
//                    Status: superseded by NNN · YYYY-MM-DD
//                    Status: superseded in part by NNN, NNN · YYYY-MM-DD
//                  and no other line of the record starts with `Status:`
//   superseded-by  every decision named there exists and came later
//   index          README.md has the decision's row, in number order, with its link, title, date and
//                  status as the record says; no row names a decision that is not there
// Usage: node scripts/check-decisions.mjs [folder]   (docs/decisions by default). Plain Node, no dependency.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const DECISION_FILE = /^(\d{3})-[a-z0-9-]+\.md$/;
const TITLE_LINE = /^# (\d{3}) · (\S.*)$/;
const STATUS_LINE =
  /^Status: (accepted|superseded by (\d{3})|superseded in part by (\d{3}(?:, \d{3})*)) · (\d{4}-\d{2}-\d{2})$/;
export const STATUS_FORMAT =
  "`Status: accepted · YYYY-MM-DD`, `Status: superseded by NNN · YYYY-MM-DD` or " +
  "`Status: superseded in part by NNN[, NNN…] · YYYY-MM-DD`";
const INDEX = "README.md";

/**
 * A record as written; title, status and date stay undefined when their line is wrong.
 * @typedef {object} Decision
 * @property {string} file
 * @property {string} number
 * @property {string | undefined} title
 * @property {string | undefined} status
 * @property {string | undefined} date
 * @property {string[]} supersededBy
 */

/**
 * A row of the README's index, its cells as written (undefined when the row has fewer).
 * @typedef {object} IndexRow
 * @property {number} line
 * @property {string | undefined} number
 * @property {string | undefined} target
 * @property {string | undefined} title
 * @property {string | undefined} date
 * @property {string | undefined} status
 * @property {{ number: string, target: string }[]} links
 * @property {number} cellCount
 */

/**
 * Whether `text` is a real calendar day written YYYY-MM-DD.
 * @param {string} text
 */
const isDay = (text) => {
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text;
};

/**
 * One record as written, with what is wrong with it on its own.
 * @param {string} folder
 * @param {string} file
 */
export function readDecision(folder, file) {
  const number = file.slice(0, 3);
  const lines = readFileSync(path.join(folder, file), "utf8").split(/\r?\n/);
  /** @type {Decision} */
  const decision = { file, number, title: undefined, status: undefined, date: undefined, supersededBy: [] };
  /** @type {string[]} */
  const problems = [];

  const title = TITLE_LINE.exec(lines[0] ?? "");
  if (!title) problems.push(`the first line must be \`# ${number} · Title\`, not "${lines[0] ?? ""}"`);
  else if (title[1] !== number) problems.push(`the title's number ${title[1]} is not the file's ${number}`);
  else decision.title = title[2]?.trim();

  const statusIndex = lines.findIndex((line, index) => index > 0 && /^Status:/.test(line));
  if (statusIndex === -1) {
    problems.push(`no status line: write one right under the title, as ${STATUS_FORMAT}`);
  } else if (statusIndex !== 2 || lines[1] !== "") {
    problems.push(
      `the status line must come right under the title, after one blank line (it is on line ${statusIndex + 1})`,
    );
  }
  if (statusIndex !== -1) {
    const line = lines[statusIndex] ?? "";
    const status = STATUS_LINE.exec(line);
    if (!status) problems.push(`malformed status line "${line}": write ${STATUS_FORMAT}`);
    else if (!isDay(status[4] ?? "")) problems.push(`the status line's date ${status[4]} is not a day`);
    else {
      decision.status = status[1];
      decision.date = status[4];
      decision.supersededBy = (status[2] ?? status[3] ?? "").split(", ").filter(Boolean);
    }
    const others = lines.flatMap((other, index) => (index > statusIndex && /^Status:/.test(other) ? [index + 1] : []));
    if (others.length > 0) problems.push(`a second status line (line ${others.join(", ")}): keep one, under the title`);
  }
  return { decision, problems };
}

/**
 * The README's table rows that name a decision: `| [NNN](file) | title | date | status |`.
 * @param {string} text
 */
export function readIndex(text) {
  /** @type {IndexRow[]} */
  const rows = [];
  text.split(/\r?\n/).forEach((line, index) => {
    if (!/^\|\s*\[\d{3}\]/.test(line)) return;
    const cells = line
      .trim()
      .replace(/^\||\|$/g, "")
      .split(/(?<!\\)\|/)
      .map((cell) => cell.trim().replaceAll("\\|", "|"));
    const link = /^\[(\d{3})\]\(([^)]*)\)$/.exec(cells[0] ?? "");
    rows.push({
      line: index + 1,
      number: link?.[1],
      target: link?.[2],
      title: cells[1],
      date: cells[2],
      status: cells[3],
      links: [...line.matchAll(/\[(\d{3})\]\(([^)]*)\)/g)].map(([, number = "", target = ""]) => ({ number, target })),
      cellCount: cells.length,
    });
  });
  return rows;
}

/**
 * The README row a decision should have (one with its title and status).
 * @param {Decision} decision
 * @param {Map<string, string>} fileOf
 */
export function indexRow(decision, fileOf) {
  const status = decision.status?.replace(/\d{3}/g, (number) =>
    fileOf.has(number) ? `[${number}](${fileOf.get(number)})` : number,
  );
  return `| [${decision.number}](${decision.file}) | ${decision.title?.replaceAll("|", "\\|")} | ${decision.date} | ${status} |`;
}

/** @param {string | undefined} cell */
const plain = (cell) => (cell ?? "").replace(/\[([^\]]*)\]\([^)]*\)/g, "$1");

/**
 * Every problem of the records in `folder`, as `file: what` lines.
 * @param {string} folder
 */
export function checkDecisions(folder) {
  const files = readdirSync(folder)
    .filter((file) => DECISION_FILE.test(file))
    .sort();
  /** @type {string[]} */
  const problems = [];
  /** @type {Decision[]} */
  const decisions = [];
  /** @type {Map<string, string>} */
  const fileOf = new Map();
  for (const file of files) {
    const { decision, problems: own } = readDecision(folder, file);
    for (const problem of own) problems.push(`${file}: ${problem}`);
    if (fileOf.has(decision.number))
      problems.push(`${file}: number ${decision.number} is taken by ${fileOf.get(decision.number)}`);
    else fileOf.set(decision.number, file);
    decisions.push(decision);
  }

  for (const decision of decisions) {
    for (const later of decision.supersededBy) {
      if (!fileOf.has(later))
        problems.push(`${decision.file}: superseded by ${later}, but there is no decision ${later}`);
      else if (later <= decision.number)
        problems.push(`${decision.file}: superseded by ${later}, which is not a later decision`);
    }
  }

  const indexPath = path.join(folder, INDEX);
  if (!existsSync(indexPath)) {
    problems.push(`${INDEX}: missing; it lists every decision with its date and status`);
    return problems;
  }
  const rows = readIndex(readFileSync(indexPath, "utf8"));
  /** @type {Map<string, IndexRow>} */
  const rowOf = new Map();
  for (const row of rows) {
    const where = `${INDEX}:${row.line}`;
    if (!row.number || row.cellCount !== 4) {
      problems.push(`${where}: a row is \`| [NNN](NNN-name.md) | title | date | status |\``);
      continue;
    }
    if (rowOf.has(row.number))
      problems.push(`${where}: decision ${row.number} has a row already (line ${rowOf.get(row.number)?.line})`);
    else rowOf.set(row.number, row);
    if (!fileOf.has(row.number)) problems.push(`${where}: there is no decision ${row.number}`);
    for (const link of row.links) {
      if (fileOf.has(link.number) && link.target !== fileOf.get(link.number))
        problems.push(`${where}: the link to ${link.number} leads to "${link.target}", not ${fileOf.get(link.number)}`);
    }
  }
  const listed = rows.map((row) => row.number).filter((number) => number !== undefined && fileOf.has(number));
  const ordered = [...listed].sort();
  if (listed.join() !== ordered.join()) problems.push(`${INDEX}: the rows are not in number order`);

  for (const decision of decisions) {
    if (!decision.title || !decision.status || fileOf.get(decision.number) !== decision.file) continue;
    const row = rowOf.get(decision.number);
    const expected = indexRow(decision, fileOf);
    if (!row) {
      problems.push(`${INDEX}: no row for ${decision.file}; add\n    ${expected}`);
      continue;
    }
    /** @type {string[]} */
    const wrong = [];
    if (plain(row.title) !== decision.title) wrong.push(`title "${row.title}"`);
    if (row.date !== decision.date) wrong.push(`date "${row.date}"`);
    if (plain(row.status) !== decision.status) wrong.push(`status "${row.status}"`);
    if (wrong.length > 0)
      problems.push(
        `${INDEX}:${row.line}: the row does not match ${decision.file} (${wrong.join(", ")}); write\n    ${expected}`,
      );
  }
  return problems;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const folder = path.resolve(
    process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "docs", "decisions"),
  );
  const problems = checkDecisions(folder);
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) {
    console.error(`${problems.length} decision record problem(s); see docs/decisions/README.md`);
    process.exit(1);
  }
  const count = readdirSync(folder).filter((file) => DECISION_FILE.test(file)).length;
  console.log(`Decision records: ${count}, each with its status and its row in the README.`);
}
