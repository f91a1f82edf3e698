import { type AddressObject, type ParsedMail, simpleParser } from "mailparser";
import { z } from "zod";
import { foldQuoted } from "./quoted-text.ts";

/** A kept file's largest size; a bigger one is listed with the reason, without its content. */
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
/** More files than this in one email are listed up to here; the rest are named in the reason. */
const ATTACHMENTS_MAX = 20;
/** Longer texts are cut: a message is for people to read, and the email stays in the mailbox. */
const TEXT_MAX_CHARS = 50_000;

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
  subject: string;
  text: string;
  quoted: string | null;
  attachments: InboundAttachment[];
  /** A bounce: the Message-IDs of the emails it returns and the mail server's reason. */
  bounce?: { returned: string[]; reason: string };
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
const BOUNCE_SUBJECT =
  /(undeliver(ed|able)|delivery status notification|mail delivery (failed|failure|subsystem)|returned mail|failure notice|no se (pudo|puede) entregar|entrega fallida|non remis)/i;
const BOUNCE_SENDER = /^(mailer-daemon|postmaster)@/i;

/** RFC 3834 and what the big providers add to out-of-office answers. */
function isAutoReply(mail: ParsedMail) {
  const autoSubmitted = headerText(mail, "auto-submitted").trim().toLowerCase();
  if (autoSubmitted && autoSubmitted !== "no") return true;
  if (mail.headers.has("x-autoreply") || mail.headers.has("x-autorespond")) return true;
  if (/^(auto_reply|bulk|junk)$/i.test(headerText(mail, "precedence").trim())) return true;
  return AUTO_SUBJECT.test(mail.subject ?? "");
}

/**
 * A delivery report: the returned emails are named by the Message-ID headers quoted in its body
 * (the report's rfc822 part), the reason by its Diagnostic-Code or Status lines.
 */
function bounceOf(mail: ParsedMail, raw: string, from: string | undefined) {
  const contentType = headerText(mail, "content-type").toLowerCase();
  const isReport = contentType.includes("multipart/report") && contentType.includes("delivery-status");
  if (!isReport && !(from && BOUNCE_SENDER.test(from)) && !BOUNCE_SUBJECT.test(mail.subject ?? "")) return undefined;
  const body = raw.slice(raw.search(/\r?\n\r?\n/));
  const returned = [...body.matchAll(/^Message-ID:\s*(<[^<>\s]+>)/gim)].map((match) => match[1] ?? "");
  const diagnostic =
    body.match(/^Diagnostic-Code:\s*(?:smtp;\s*)?(.+(?:\r?\n[ \t].+)*)/im)?.[1] ??
    body.match(/^Status:\s*(\S+)/im)?.[1] ??
    mail.subject ??
    "";
  return { returned, reason: diagnostic.replace(/\s+/g, " ").trim().slice(0, 1000) };
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
  // Inline parts of the HTML (logos, signatures) are not what the client sent.
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
  const mail = await simpleParser(source, { skipImageLinks: true, maxHtmlLengthToParse: 2_000_000 });
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
  const raw = source.toString("latin1");
  const bounce = bounceOf(mail, raw, validFrom?.address);
  const body = (mail.text ?? "").slice(0, TEXT_MAX_CHARS);
  const { text, quoted } = foldQuoted(body);
  return {
    kind: bounce ? "bounce" : isAutoReply(mail) ? "auto_reply" : "message",
    messageId: messageIds(mail.messageId)[0],
    thread: [...new Set([...messageIds(mail.inReplyTo), ...messageIds(mail.references).reverse()])],
    from: validFrom,
    recipients: [...new Set(recipients)],
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
