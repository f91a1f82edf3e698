// A contact's answer usually carries the whole earlier conversation below (or, in some programs,
// above) their new words. The CRM shows the new words and keeps the rest folded: it is already in
// the timeline.

/** Lines that open the quoted mail in the programs growers use (Gmail, Outlook, Apple Mail, phones). */
const ATTRIBUTION_START = /^\s*(el|on|le|am)\s.{3,200}$/i;
const ATTRIBUTION_END = /(escribió|wrote|a écrit|schrieb)\s*:\s*$/i;
const SEPARATOR =
  /^\s*(-{2,}\s*(original message|mensaje original|forwarded message|mensaje reenviado)\s*-*|_{10,})\s*$/i;
const HEADER_FROM = /^\s*\*?(de|from)\s*:\*?\s+\S/i;
const HEADER_NEXT = /^\s*\*?(enviado|sent|fecha|date|para|to|asunto|subject)\s*:/i;

/** Answers written between quoted lines ("> ..."): folding from the first quote would hide them. */
function interleaved(lines: string[], from: number) {
  let quoting = false;
  for (const line of lines.slice(from)) {
    if (line.trim() === "") continue;
    if (line.trimStart().startsWith(">")) quoting = true;
    else if (quoting) return true;
  }
  return false;
}

/** Where the quoted part starts, or -1. */
function quoteStart(lines: string[]) {
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index] ?? "";
    if (SEPARATOR.test(line)) return index;
    // "El jue, 26 nov 2026 a las 10:02, FloraPro <ventas@...> escribió:", wrapped on up to 3 lines.
    if (ATTRIBUTION_START.test(line)) {
      const joined = lines.slice(index, index + 3);
      const end = joined.findIndex((part) => ATTRIBUTION_END.test(part));
      if (end >= 0 && joined.slice(0, end + 1).join(" ").length < 400) {
        // Answered between the quoted lines: only the quote that ends the text is folded (below).
        if (interleaved(lines, index + end + 1)) break;
        return index;
      }
    }
    // Outlook: "De: ... / Enviado: ..." without a separator line.
    if (HEADER_FROM.test(line) && lines.slice(index + 1, index + 4).some((next) => HEADER_NEXT.test(next)))
      return index;
  }
  // Otherwise: the block of "> " lines that ends the text, if any.
  let start = lines.length;
  for (let index = lines.length - 1; index >= 0; index -= 1) {
    const line = lines[index] ?? "";
    if (line.trim() === "") continue;
    if (!line.trimStart().startsWith(">")) break;
    start = index;
  }
  return start < lines.length ? start : -1;
}

/** The new text of an email and the quoted history it carried (null when it quoted nothing). */
export function foldQuoted(text: string): { text: string; quoted: string | null } {
  const normalised = text.replace(/\r\n?/g, "\n").trim();
  const lines = normalised.split("\n");
  const start = quoteStart(lines);
  if (start < 0) return { text: normalised, quoted: null };
  const fresh = lines.slice(0, start).join("\n").trim();
  const quoted = lines.slice(start).join("\n").trim();
  // An email that is nothing but a quote (a forward without a word) keeps its text whole.
  if (fresh === "") return { text: normalised, quoted: null };
  return { text: fresh, quoted: quoted || null };
}
