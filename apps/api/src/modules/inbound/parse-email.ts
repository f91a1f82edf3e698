import { type AddressObject, type ParsedMail, simpleParser } from "mailparser";
import { z } from "zod";
import { type DeliveryReport, isDeliveryReport, readDeliveryReport } from "./delivery-report.ts";
import { foldQuoted } from "./quoted-text.ts";

/** A kept file's largest size; a bigger one is listed with the reason, without its content. */
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
/** More files than this in one email are listed up to here; the rest are named in the reason. */
const ATTACHMENTS_MAX = 20;
/** Longer texts are cut: a message is for people to read, and the email stays in the mailbox. */
const TEXT_MAX_CHARS = 50_000;
/** Pictures inside the HTML stay `cid:` links: nobody reads them as text, and data URLs would swell it. */
const PARSE_OPTIONS = { skipImageLinks: true, keepCidLinks: true, maxHtmlLengthToParse: 2_000_000 };

export type InboundAttachment = {
  filename: string;
  contentType: string;
  size: number;
  content: Buffer | null;
  skippedReason: string | null;
};

/** What a received email is for the CRM. */
export type InboundEmail = {
  kind: "message" | "auto_reply" | "bounce";
  messageId: string | undefined;
  /** In-Reply-To and References, the mail it answers first. */
  thread: string[];
  from: { address: string; name: string } | undefined;
  /** Every address it was sent to (To, Cc, Delivered-To, X-Original-To): a plus address names the conversation. */
  recipients: string[];
  /** The Authentication-Results headers, topmost (the last server's) first: see authentication-results.ts. */
  authenticationResults: string[];
  subject: string;
  text: string;
  quoted: string | null;
  attachments: InboundAttachment[];
  /** A bounce: the RFC 3464 delivery report it carries. */
  bounce?: DeliveryReport;
};

const emailAddress = z.email();

function addresses(field: AddressObject | AddressObject[] | undefined) {
  const objects = Array.isArray(field) ? field : field ? [field] : [];
  return objects
    .flatMap((object) => object.value)
    .flatMap(function flat(entry): { address: string; name: string }[] {
      if (entry.group) return entry.group.flatMap(flat);
      return entry.address ? [{ address: entry.address.toLowerCase(), name: entry.name ?? "" }] : [];
    });
}

function headerText(mail: ParsedMail, name: string) {
  const value = mail.headers.get(name);
  if (value === undefined || value === null) return "";
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return value.join(" ");
  if (typeof value === "object" && "value" in value) return String(value.value);
  return String(value);
}

/** Message-IDs in a header, in order: `<a@b> <c@d>`. */
function messageIds(value: string | string[] | undefined) {
  const text = Array.isArray(value) ? value.join(" ") : (value ?? "");
  return [...text.matchAll(/<[^<>\s]+>/g)].map((match) => match[0]);
}

const AUTO_SUBJECT =
  /^\s*(respuesta autom[aá]tica|automatic reply|auto(matic)?[- ]?(reply|response)|out of (the )?office|fuera de (la )?oficina|ausencia|autorespuesta)\b/i;
/** Mail servers' own addresses: what they send that is not a delivery report is still not a person's email. */
const MAIL_SERVER_SENDER = /^(mailer-daemon|postmaster)@/i;

/** RFC 3834, what the big providers add to out-of-office answers, and mail servers' notices. */
function isAutoReply(mail: ParsedMail, from: string | undefined) {
  const autoSubmitted = headerText(mail, "auto-submitted").trim().toLowerCase();
  if (autoSubmitted && autoSubmitted !== "no") return true;
  if (mail.headers.has("x-autoreply") || mail.headers.has("x-autorespond")) return true;
  if (/^(auto_reply|bulk|junk)$/i.test(headerText(mail, "precedence").trim())) return true;
  if (from && MAIL_SERVER_SENDER.test(from)) return true;
  return AUTO_SUBJECT.test(mail.subject ?? "");
}

/** The values of a header that may appear several times, in the order they appear (topmost first). */
function headerValues(mail: ParsedMail, name: string) {
  return mail.headerLines
    .filter((line) => line.key === name)
    .map((line) =>
      line.line
        .slice(line.line.indexOf(":") + 1)
        .replace(/\r?\n[ \t]+/g, " ")
        .trim(),
    );
}

/**
 * mailparser turns an HTML-only email into text, but not an HTML part beside files (multipart/mixed):
 * the text is then missing. The HTML is handed back to it as an email of its own, so the same
 * conversion and the same limits (size, nesting depth) apply.
 */
async function textOfHtml(html: string) {
  const alone = Buffer.from(`Content-Type: text/html; charset=utf-8\r\n\r\n${html}`, "utf8");
  return (await simpleParser(alone, PARSE_OPTIONS)).text ?? "";
}

/** The file name as the sender gave it, reduced to what is safe to offer for download. */
function safeFilename(name: string | undefined, index: number) {
  const cleaned = (name ?? "")
    .normalize("NFC")
    .replace(/[\p{Cc}\p{Cf}]/gu, "")
    .replace(/[\\/:*?"<>|]/g, "_")
    .trim()
    .slice(0, 200);
  return cleaned || `adjunto-${index + 1}`;
}

function keptAttachments(mail: ParsedMail): InboundAttachment[] {
  // Inline parts of the HTML (logos, signatures) are not what the contact sent.
  const files = mail.attachments.filter((file) => !(file.related && file.contentDisposition !== "attachment"));
  return files.map((file, index) => {
    const base = {
      filename: safeFilename(file.filename, index),
      contentType: file.contentType || "application/octet-stream",
      size: file.size,
    };
    if (index >= ATTACHMENTS_MAX)
      return { ...base, content: null, skippedReason: `Más de ${ATTACHMENTS_MAX} archivos en un correo` };
    if (file.size > ATTACHMENT_MAX_BYTES) return { ...base, content: null, skippedReason: "Supera el máximo de 10 MB" };
    return { ...base, content: file.content, skippedReason: null };
  });
}

/** Reads one email's source; throws on what cannot be read at all. */
export async function parseEmail(source: Buffer): Promise<InboundEmail> {
  const mail = await simpleParser(source, PARSE_OPTIONS);
  const from = addresses(mail.from)[0];
  const validFrom = from && emailAddress.safeParse(from.address).success ? from : undefined;
  const recipients = [
    ...addresses(mail.to),
    ...addresses(mail.cc),
    ...["delivered-to", "x-original-to"].flatMap((name) =>
      headerText(mail, name)
        .split(/[\s,]+/)
        .map((part) => part.replace(/[<>]/g, "").toLowerCase())
        .filter((part) => part.includes("@"))
        .map((address) => ({ address, name: "" })),
    ),
  ].map((entry) => entry.address);
  const bounce = isDeliveryReport(mail.headers.get("content-type")) ? await readDeliveryReport(source) : undefined;
  const plain = mail.text?.trim() ? mail.text : mail.html ? await textOfHtml(mail.html) : "";
  const { text, quoted } = foldQuoted(plain.slice(0, TEXT_MAX_CHARS));
  return {
    kind: bounce ? "bounce" : isAutoReply(mail, validFrom?.address) ? "auto_reply" : "message",
    messageId: messageIds(mail.messageId)[0],
    thread: [...new Set([...messageIds(mail.inReplyTo), ...messageIds(mail.references).reverse()])],
    from: validFrom,
    recipients: [...new Set(recipients)],
    authenticationResults: headerValues(mail, "authentication-results"),
    subject: (mail.subject ?? "")
      .replace(/[\p{Cc}]/gu, " ")
      .trim()
      .slice(0, 500),
    text,
    quoted,
    attachments: keptAttachments(mail),
    ...(bounce ? { bounce } : {}),
  };
}
