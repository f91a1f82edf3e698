import { BRAND } from "@app/shared/constants";

// The HTML every email shares: the escaping and the frame. The emails themselves are written by the
// modules that send them (decision 050).

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Everything a person typed is text in the HTML, never markup. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);

/** Typed text as HTML: escaped, its line breaks kept. */
export const paragraphs = (text: string) =>
  escapeHtml(text)
    .split(/\r?\n/)
    .map((line) => line || "&nbsp;")
    .join("<br>");

/** A plain, readable layout: email clients ignore most CSS, and staff read these on phones. */
export function layout(title: string, body: string) {
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body style="margin:0;background:#f6f3ec;font-family:Arial,Helvetica,sans-serif;color:#1c2b22"><div style="max-width:560px;margin:0 auto;padding:24px;background:#ffffff"><p style="margin:0 0 16px;font-weight:bold;color:#245c3a">${escapeHtml(BRAND.name)}</p>${body}</div></body></html>`;
}

/** One labelled line of a table of fields (the staff emails list what was sent this way). */
export const row = (label: string, value: string) =>
  `<tr><th align="left" style="padding:4px 12px 4px 0;vertical-align:top">${escapeHtml(label)}</th><td style="padding:4px 0">${paragraphs(value)}</td></tr>`;
