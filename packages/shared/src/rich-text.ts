// Rich text of the site's content (a product's description, a question's answer): a small subset of
// Markdown staff type in a plain text area. The site renders its tree as React elements, never as
// HTML, so anything outside the subset (`<b>`, `<script>`, an unclosed `**`) is shown as typed.
// Zod-free, for the public pages; schemas/rich-text-field.ts checks it on the server.
//
//   **negrita**   *cursiva* or _cursiva_   [texto](https://…, http://…, mailto:… or tel:…)
//   lines starting "- " or "* ": a bulleted list; "1. ": a numbered list (from that number)
//   a blank line separates paragraphs; a single line break stays a line break
//
// Parsing is linear in the text's length: every closing mark is looked up in tables built in one
// pass, so a text full of unclosed marks costs no more than any other.

export type RichInline =
  | { type: "text"; text: string }
  | { type: "strong"; children: RichInline[] }
  | { type: "em"; children: RichInline[] }
  | { type: "link"; href: string; children: RichInline[] }
  | { type: "break" };

export type RichBlock =
  | { type: "paragraph"; children: RichInline[] }
  | { type: "bulleted"; items: RichInline[][] }
  | { type: "numbered"; start: number; items: RichInline[][] };

/** A link's text in a message: its words, cut short if it is long. */
const LABEL_MAX = 40;

export const RICH_TEXT_MESSAGES = {
  /** The hint of a rich-text field in the editor. */
  hint: (max: number) =>
    `Una línea en blanco separa los párrafos. Admite **negrita**, *cursiva*, [enlaces](https://…) y listas con «- » o «1. ». Hasta ${max} caracteres.`,
  linkAddressInvalid: (label: string) => `El enlace «${label}» debe empezar por https://, http://, mailto: o tel:`,
  linkAddressMissing: (label: string) => `Escribe la dirección del enlace «${label}»`,
  linkAddressSpaces: (label: string) => `La dirección del enlace «${label}» no puede tener espacios`,
};

const BULLET = /^[-*][ \t]+/;
const NUMBER = /^(\d{1,9})\.[ \t]+/;

/** The blocks of `source`: paragraphs and lists, each of inline text. */
export function parseRichText(source: string): RichBlock[] {
  const blocks: RichBlock[] = [];
  let paragraph: string[] = [];
  const endParagraph = () => {
    if (paragraph.length > 0) blocks.push({ type: "paragraph", children: parseInline(paragraph.join("\n"), true) });
    paragraph = [];
  };
  for (const raw of source.split(/\r\n?|\n/)) {
    const line = raw.trim();
    const bullet = BULLET.exec(line);
    const number = bullet ? null : NUMBER.exec(line);
    if (!bullet && !number) {
      if (line) paragraph.push(line);
      else endParagraph();
      continue;
    }
    endParagraph();
    const item = parseInline(line.slice((bullet ?? number)?.[0].length), true);
    // Items of one kind make one list, also when a blank line separates them.
    const last = blocks.at(-1);
    if (bullet && last?.type === "bulleted") last.items.push(item);
    else if (number && last?.type === "numbered") last.items.push(item);
    else if (bullet) blocks.push({ type: "bulleted", items: [item] });
    else blocks.push({ type: "numbered", start: Number(number?.[1]), items: [item] });
  }
  endParagraph();
  return blocks;
}

/** A link found in a text: its text ends at the `]` at `textEnd`, the whole at the `)` at `end`. */
type Link = { textEnd: number; end: number; href: string };

/** What parsing a text needs, built once: its links and where the next closing mark of each kind is. */
type Scan = {
  text: string;
  links: Map<number, Link>;
  /** The length of the run of `*` starting at each position (0 elsewhere). */
  runLength: Int32Array;
  /** From each position, the start of the next run that can close `*`, `**` or `_` (the text's length if none). */
  nextEm: Int32Array;
  nextStrong: Int32Array;
  nextUnderscore: Int32Array;
};

const isSpace = (char: string | undefined) => char === undefined || /\s/.test(char);
const isWordChar = (char: string | undefined) => char !== undefined && /[\p{L}\p{N}]/u.test(char);

/**
 * Links: `[` text without `[`, `]` or a line break, `](`, then the address up to its `)` on the same
 * line (balanced parentheses, so an address may hold them). A link's text cannot hold another link.
 */
function findLinks(text: string): Map<number, Link> {
  const links = new Map<number, Link>();
  // For each `(`, 1 + where its `)` is (0: none on its line).
  const closing = new Int32Array(text.length);
  const open: number[] = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] === "(") open.push(i);
    else if (text[i] === "\n") open.length = 0;
    else if (text[i] === ")") {
      const at = open.pop();
      if (at !== undefined) closing[at] = i + 1;
    }
  }
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== "[") continue;
    let j = i + 1;
    while (j < text.length && text[j] !== "]" && text[j] !== "[" && text[j] !== "\n") j++;
    // Nothing before `j` can start a link: the next try starts there.
    const end = text[j] === "]" && text[j + 1] === "(" ? (closing[j + 1] ?? 0) - 1 : -1;
    if (end < 0 || !text.slice(i + 1, j).trim()) {
      i = j - 1;
      continue;
    }
    links.set(i, { textEnd: j, end, href: text.slice(j + 2, end).trim() });
    i = end;
  }
  return links;
}

/**
 * Runs of `*` of one, two or three close `*`, `**` or both; a run of `_` closes `_` when it is one
 * alone. A run closes after a character that is not a space (`2 * 3 * 4` stays as it is), a `_` also
 * only before one that is not a letter or digit (so `juan_perez_v2` does). Marks inside a link
 * close nothing outside it.
 */
function scan(text: string, withLinks: boolean): Scan {
  const n = text.length;
  const links = withLinks ? findLinks(text) : new Map<number, Link>();
  const inLink = new Uint8Array(links.size > 0 ? n : 0);
  for (const [start, link] of links) inLink.fill(1, start, link.end + 1);
  const runLength = new Int32Array(n);
  const closes = new Uint8Array(n); // 1: `*`, 2: `**`, 3: both, 4: `_`
  for (let i = 0; i < n; ) {
    const char = text[i];
    if (char !== "*" && char !== "_") {
      i++;
      continue;
    }
    let end = i + 1;
    while (end < n && text[end] === char) end++;
    const length = end - i;
    runLength[i] = length;
    if (!inLink[i] && !isSpace(text[i - 1])) {
      if (char === "*" && length <= 3) closes[i] = length;
      else if (char === "_" && length === 1 && !isWordChar(text[end])) closes[i] = 4;
    }
    i = end;
  }
  const nextEm = new Int32Array(n + 1);
  const nextStrong = new Int32Array(n + 1);
  const nextUnderscore = new Int32Array(n + 1);
  nextEm[n] = nextStrong[n] = nextUnderscore[n] = n;
  for (let i = n - 1; i >= 0; i--) {
    const kind = closes[i] ?? 0;
    nextEm[i] = kind === 1 || kind === 3 ? i : (nextEm[i + 1] ?? n);
    nextStrong[i] = kind === 2 || kind === 3 ? i : (nextStrong[i + 1] ?? n);
    nextUnderscore[i] = kind === 4 ? i : (nextUnderscore[i + 1] ?? n);
  }
  return { text, links, runLength, nextEm, nextStrong, nextUnderscore };
}

/** The inline text of one paragraph or list item. */
function parseInline(text: string, withLinks: boolean, inStrong = false, inEm = false): RichInline[] {
  return inlineRange(scan(text, withLinks), 0, text.length, inStrong, inEm);
}

type Emphasis = { type: "strong" | "em"; from: number; to: number; after: number };

/** The emphasis of `marks` marks opened at `start` if the run at `close` closes it before `end`. */
function closedBy(s: Scan, type: Emphasis["type"], start: number, marks: number, close: number, end: number) {
  if (close >= end) return null;
  const closeEnd = Math.min(close + (s.text[close] === "_" ? 1 : (s.runLength[close] ?? 0)), end);
  return closeEnd - close < marks ? null : { type, from: start + marks, to: closeEnd - marks, after: closeEnd };
}

/**
 * The emphasis the run of marks at [start, runEnd) opens inside [.., end), if it opens one: it must be
 * followed by a character that is not a space, and closed before `end`. A closing run of three gives
 * its last two marks to `**` and its last one to `*`, so `**a *b***` and `***a***` nest.
 */
function emphasisAt(s: Scan, start: number, runEnd: number, end: number, inStrong: boolean, inEm: boolean) {
  const { text } = s;
  const length = runEnd - start;
  if (runEnd >= end || isSpace(text[runEnd])) return null;
  if (text[start] === "_") {
    return length === 1 && !inEm && !isWordChar(text[start - 1])
      ? closedBy(s, "em", start, 1, s.nextUnderscore[start + 1] ?? end, end)
      : null;
  }
  if (length === 1 && !inEm) return closedBy(s, "em", start, 1, s.nextEm[start + 1] ?? end, end);
  if ((length === 2 || length === 3) && !inStrong) {
    return closedBy(s, "strong", start, 2, s.nextStrong[start + 2] ?? end, end);
  }
  return null;
}

/** The nodes of [start, end): a link is taken whole, marks that open and close in it are emphasis, the rest text. */
function inlineRange(s: Scan, start: number, end: number, inStrong: boolean, inEm: boolean): RichInline[] {
  const { text } = s;
  const nodes: RichInline[] = [];
  let literalFrom = start;
  let i = start;
  while (i < end) {
    const char = text[i];
    const link = char === "[" ? s.links.get(i) : undefined;
    let node: RichInline | null = null;
    let next = i + 1;
    if (char === "\n") node = { type: "break" };
    else if (link && link.end < end) {
      node = {
        type: "link",
        href: link.href,
        children: parseInline(text.slice(i + 1, link.textEnd), false, inStrong, inEm),
      };
      next = link.end + 1;
    } else if (char === "*" || char === "_") {
      while (next < end && text[next] === char) next++;
      const emphasis = emphasisAt(s, i, next, end, inStrong, inEm);
      if (emphasis) {
        const strong = emphasis.type === "strong";
        node = {
          type: emphasis.type,
          children: inlineRange(s, emphasis.from, emphasis.to, inStrong || strong, inEm || !strong),
        };
        next = emphasis.after;
      }
    }
    if (node) {
      if (i > literalFrom) nodes.push({ type: "text", text: text.slice(literalFrom, i) });
      nodes.push(node);
      literalFrom = next;
    }
    i = next;
  }
  if (end > literalFrom) nodes.push({ type: "text", text: text.slice(literalFrom, end) });
  return nodes;
}

const ADDRESS = /^(?:https?:\/\/|mailto:|tel:)/i;

/** Whether a link may go to `href`: a web page, an email address or a telephone number. */
export const isAllowedLinkAddress = (href: string) =>
  ADDRESS.test(href) && href.replace(ADDRESS, "").length > 0 && !/\s/.test(href);

/** Inline text with each link to an address not allowed turned into its words (saved before the rule). */
const linksAllowed = (nodes: RichInline[]): RichInline[] =>
  nodes.flatMap((node): RichInline[] => {
    if (node.type === "link" && !isAllowedLinkAddress(node.href)) return linksAllowed(node.children);
    if (node.type === "link" || node.type === "strong" || node.type === "em") {
      return [{ ...node, children: linksAllowed(node.children) }];
    }
    return [node];
  });

/**
 * The tree the pages render (the server parses, the browser only draws: the parser stays out of the
 * public pages' scripts). A link to an address not allowed shows as its words.
 */
export function shownRichText(source: string): RichBlock[] {
  return parseRichText(source).map((block) =>
    block.type === "paragraph"
      ? { ...block, children: linksAllowed(block.children) }
      : { ...block, items: block.items.map(linksAllowed) },
  );
}

/** The words of some inline text, as one line. */
const inlineText = (nodes: RichInline[]): string =>
  nodes
    .map((node) => (node.type === "text" ? node.text : node.type === "break" ? " " : inlineText(node.children)))
    .join("");

const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

/**
 * The text without its marks, in one line: for a meta description, JSON-LD or a card's excerpt.
 * Lines, items and paragraphs are joined as sentences (`. `) unless one already ends in punctuation.
 */
export function richTextPlain(source: string): string {
  const pieces: string[] = [];
  const lines = (nodes: RichInline[]) => {
    let line: RichInline[] = [];
    for (const node of [...nodes, { type: "break" } as const]) {
      if (node.type !== "break") line.push(node);
      else {
        pieces.push(oneLine(inlineText(line)));
        line = [];
      }
    }
  };
  for (const block of parseRichText(source)) {
    if (block.type === "paragraph") lines(block.children);
    else for (const item of block.items) lines(item);
  }
  return pieces.filter(Boolean).reduce((text, piece) => {
    if (!text) return piece;
    return `${text}${/[.,;:!?…]$/.test(text) ? " " : ". "}${piece}`;
  }, "");
}

/** Every link of a tree, with its text. */
function* linksOf(nodes: RichInline[]): Generator<{ href: string; label: string }> {
  for (const node of nodes) {
    if (node.type === "link") yield { href: node.href, label: oneLine(inlineText(node.children)) };
    if (node.type === "strong" || node.type === "em") yield* linksOf(node.children);
  }
}

/** What is wrong with a rich text, in Spanish, each sentence once: its links that go nowhere allowed. */
export function richTextProblems(source: string): string[] {
  const problems = new Set<string>();
  for (const block of parseRichText(source)) {
    for (const nodes of block.type === "paragraph" ? [block.children] : block.items) {
      for (const { href, label } of linksOf(nodes)) {
        if (isAllowedLinkAddress(href)) continue;
        const named = label.length > LABEL_MAX ? `${label.slice(0, LABEL_MAX - 1).trimEnd()}…` : label;
        const M = RICH_TEXT_MESSAGES;
        if (!href || (ADDRESS.test(href) && !href.replace(ADDRESS, ""))) problems.add(M.linkAddressMissing(named));
        else if (/\s/.test(href)) problems.add(M.linkAddressSpaces(named));
        else problems.add(M.linkAddressInvalid(named));
      }
    }
  }
  return [...problems];
}
