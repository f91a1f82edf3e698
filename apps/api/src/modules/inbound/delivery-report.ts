import { type HeaderValue, type ParsedMail, simpleParser } from "mailparser";

// A bounce is believed only in the one shape mail servers write it: an RFC 3464 delivery report.
// Its words are never taken from the body a person (or an attacker) wrote, only from the report's
// own fields; what is not such a report is an ordinary email (decision 034).

/** The longest mail server's answer kept: staff read a line, not a letter. */
const REASON_MAX_CHARS = 300;

/** One recipient's lines of the report. */
export type ReportedRecipient = {
  /** Final-Recipient and Original-Recipient, lower-case. */
  addresses: string[];
  /** `failed`, `delayed`, `delivered`, `relayed` or `expanded`. */
  action: string;
  /** The server's answer: its Diagnostic-Code, or else the Status code. */
  reason: string;
};

export type DeliveryReport = {
  /** The Message-ID of the email it returns, from the returned headers. */
  returnedId: string;
  recipients: ReportedRecipient[];
};

/** `multipart/report; report-type=delivery-status`, the top of every RFC 3464 report. */
export function isDeliveryReport(contentType: HeaderValue | undefined) {
  if (!contentType || typeof contentType !== "object" || !("value" in contentType)) return false;
  const { value, params } = contentType as { value: string; params?: Record<string, string> };
  return value.toLowerCase() === "multipart/report" && params?.["report-type"]?.toLowerCase() === "delivery-status";
}

/** The report's groups of fields (RFC 3464 section 2): per message first, then one per recipient. */
function fieldGroups(text: string) {
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n/)
    .map((group) => {
      const fields = new Map<string, string>();
      for (const line of group.replace(/\n[ \t]+/g, " ").split("\n")) {
        const field = line.match(/^([A-Za-z0-9-]+)[ \t]*:[ \t]*(.*)$/);
        const name = field?.[1]?.toLowerCase();
        if (name && !fields.has(name)) fields.set(name, field?.[2]?.trim() ?? "");
      }
      return fields;
    })
    .filter((fields) => fields.size > 0);
}

/** `rfc822; Maria@Finca.EC` -> `maria@finca.ec`. */
function addressOf(field: string | undefined) {
  const address = field
    ?.slice(field.indexOf(";") + 1)
    .replace(/[<>]/g, "")
    .trim()
    .toLowerCase();
  return address?.includes("@") ? address : undefined;
}

/** `smtp; 550 5.1.1 ...` -> `550 5.1.1 ...`, on one line, without control characters, bounded. */
function reasonOf(diagnostic: string | undefined, status: string) {
  const text = (diagnostic ?? "")
    .replace(/^[A-Za-z0-9-]+[ \t]*;/, "")
    .replace(/[\p{Cc}\p{Cf}]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  return (text || status).slice(0, REASON_MAX_CHARS);
}

function recipientsOf(statusText: string): ReportedRecipient[] {
  const [perMessage, ...perRecipient] = fieldGroups(statusText);
  if (!perMessage?.has("reporting-mta")) return [];
  return perRecipient.flatMap((fields) => {
    const status = fields.get("status")?.match(/^[245]\.\d{1,3}\.\d{1,3}/)?.[0];
    const action = fields.get("action")?.toLowerCase();
    const addresses = [addressOf(fields.get("final-recipient")), addressOf(fields.get("original-recipient"))].filter(
      (address): address is string => address !== undefined,
    );
    if (!status || !action || !addresses[0]) return [];
    return [{ addresses: [...new Set(addresses)], action, reason: reasonOf(fields.get("diagnostic-code"), status) }];
  });
}

/** The Message-ID in the returned email's header block (text/rfc822-headers or message/rfc822). */
function returnedIdOf(returned: Buffer) {
  const text = returned.toString("latin1");
  const headers = text.slice(0, text.search(/\r?\n\r?\n|$/)).replace(/\r?\n[ \t]+/g, " ");
  return headers.match(/^Message-ID[ \t]*:[ \t]*(<[^<>\s]+>)/im)?.[1];
}

/**
 * The delivery report in an email whose top is `multipart/report; report-type=delivery-status`:
 * its `message/delivery-status` part with at least one recipient's Final-Recipient, Action and
 * Status, and the returned email's headers naming its Message-ID. Undefined when any is missing.
 */
export async function readDeliveryReport(source: Buffer): Promise<DeliveryReport | undefined> {
  // Read again with the report's parts as files: the status as written, the returned email unopened.
  const mail: ParsedMail = await simpleParser(source, {
    keepDeliveryStatus: true,
    ignoreEmbedded: true,
    skipHtmlToText: true,
    skipTextToHtml: true,
    skipImageLinks: true,
  });
  const status = mail.attachments.find((part) => part.contentType === "message/delivery-status");
  const returned = mail.attachments.find(
    (part) => part.contentType === "text/rfc822-headers" || part.contentType === "message/rfc822",
  );
  if (!status || !returned) return undefined;
  const recipients = recipientsOf(status.content.toString("utf8"));
  const returnedId = returnedIdOf(returned.content);
  return recipients.length > 0 && returnedId ? { returnedId, recipients } : undefined;
}
