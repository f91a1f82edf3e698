// Emails for the shared-mailbox benchmark and fault scenarios: a mail bomb of every kind a real
// mailbox receives (plain, HTML-only, ISO-8859-1 and windows-1252, files, automatic answers, bounces,
// repeats and a few broken ones), a fast way to put them into the test Dovecot's Maildir, and what
// the database holds afterwards. Node alone (no TypeScript), so both `bench/faults` and
// `bench/inbound` can use it.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chownSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export const MAILBOX_ADDRESS = "ventas@floricola.test";
export const DOVECOT_INSTALL = "apt-get install -y dovecot-imapd";

/**
 * One email of the mail bomb: its kind, the outcome the ledger should record, its Message-ID (none
 * for some broken ones) and its bytes; run.mjs notes the UID Dovecot gave it.
 * @typedef {{ kind: string, expect: string, messageId: string | undefined, raw: Buffer, uid?: number }} BombEmail
 */

/** Fails early, with the install command, when Dovecot is not there (like apps/api/test/imap.ts). */
export function requireDovecot() {
  for (const dir of [...(process.env.PATH ?? "").split(path.delimiter), "/usr/sbin", "/usr/local/sbin"]) {
    try {
      execFileSync(path.join(dir, "dovecot"), ["--version"], { stdio: "ignore" });
      return;
    } catch {
      // Not in this one.
    }
  }
  throw new Error(
    `These scenarios read a real mailbox and need Dovecot 2.3, which is not installed: ${DOVECOT_INSTALL} (as root)`,
  );
}

/**
 * A small seeded generator (mulberry32): the same mix on every run.
 * @param {number} seed
 * @returns {() => number}
 */
export function seeded(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS =
  "buenos días necesitamos cotización de Chrysal RVB para rosas de exportación hectáreas bodega poscosecha " +
  "hidratación botrytis envío semana próxima gracias saludos cordiales finca Cayambe Tabacundo pedido litros " +
  "precio descuento factura transporte aéreo cajas tallos clavel gypsophila flor de verano cámara fría".split(/\s+/);

/**
 * @param {() => number} random
 * @param {number} bytes
 */
function words(random, bytes) {
  const out = [];
  let length = 0;
  while (length < bytes) {
    const word = WORDS[Math.floor(random() * WORDS.length)] ?? "";
    out.push(word);
    length += word.length + 1;
    if (random() < 0.08) out.push("\n");
  }
  return out.join(" ").replace(/ \n /g, "\n");
}

/** @param {Buffer} buffer */
const b64 = (buffer) => buffer.toString("base64").replace(/.{76}/g, "$&\r\n");
/** @param {string} text */
const encodedWord = (text) => `=?UTF-8?B?${Buffer.from(text).toString("base64")}?=`;

/**
 * Quoted-printable of bytes already in the part's charset.
 * @param {Buffer} bytes
 */
function quotedPrintable(bytes) {
  let line = "";
  const lines = [];
  for (const byte of bytes) {
    if (byte === 0x0a) {
      lines.push(line);
      line = "";
      continue;
    }
    const char =
      byte === 0x3d || byte > 0x7e || (byte < 0x20 && byte !== 0x09)
        ? `=${byte.toString(16).toUpperCase().padStart(2, "0")}`
        : String.fromCharCode(byte);
    if (line.length + char.length > 75) {
      lines.push(`${line}=`);
      line = "";
    }
    line += char;
  }
  lines.push(line);
  return lines.join("\r\n");
}

/**
 * windows-1252 bytes: latin1 plus the curly quotes, euro sign and dashes Outlook likes.
 * @param {string} text
 */
function cp1252(text) {
  /** @type {Record<string, number>} */
  const extra = {
    "€": 0x80,
    "‚": 0x82,
    "„": 0x84,
    "…": 0x85,
    "‘": 0x91,
    "’": 0x92,
    "“": 0x93,
    "”": 0x94,
    "–": 0x96,
    "—": 0x97,
  };
  return Buffer.from([...text].map((char) => extra[char] ?? (char.charCodeAt(0) < 256 ? char.charCodeAt(0) : 0x3f)));
}

/**
 * A mail bomb of `count` emails, each `{ raw: Buffer, kind, messageId, expect }`, `expect` being the
 * outcome the ledger should record (imported, auto_reply, bounce, set_aside). `seed` makes the mix
 * (kinds, sizes) the same on every run; `tag` keeps Message-IDs apart between runs.
 * @param {number} count
 * @param {number} seed
 * @param {string} tag
 */
export function mailBomb(count, seed, tag) {
  const random = seeded(seed);
  /** @type {BombEmail[]} */
  const emails = [];
  for (let index = 1; index <= count; index += 1) emails.push(bombEmail(index, random, tag, emails));
  return emails;
}

/**
 * @param {number} index
 * @param {() => number} random
 * @param {string} tag
 * @param {BombEmail[]} earlier
 * @returns {BombEmail}
 */
function bombEmail(index, random, tag, earlier) {
  const messageId = `<${tag}-${index}@finca-${index % 97}.test>`;
  const from = `Cliente ${index} <cliente${index}@finca-${index % 97}.test>`;
  const date = new Date(Date.UTC(2026, 10, 1) + index * 60_000).toUTCString();
  /** @param {string[]} [extra] */
  const head = (extra = []) =>
    [
      `From: ${from}`,
      `To: ${MAILBOX_ADDRESS}`,
      `Date: ${date}`,
      `Message-ID: ${messageId}`,
      ...extra,
      "MIME-Version: 1.0",
    ].join("\r\n");
  // Log-uniform body length, 100 B to 40 KB: most emails are short, some are long threads.
  const bodyBytes = Math.round(100 * 400 ** random());
  const text = `${words(random, bodyBytes)}\n\nEl lun, 2 nov 2026, FloraPro escribió:\n> ${words(random, 200).replace(/\n/g, "\n> ")}`;
  const roll = random();
  /**
   * @param {string} kind
   * @param {string} expect
   * @param {string | Buffer} raw
   */
  const mail = (kind, expect, raw) => ({ kind, expect, messageId, raw: Buffer.isBuffer(raw) ? raw : Buffer.from(raw) });

  if (roll < 0.01) return malformed(index, random, messageId);
  if (roll < 0.012 && earlier.length > 10) {
    // The same email twice in the box (a forward rule, a client re-sending): the repeat is set aside.
    const again = /** @type {BombEmail} */ (earlier[earlier.length - 7]); // more than 10 earlier
    return { ...again, kind: "repeat", expect: again.expect === "imported" ? "set_aside" : again.expect };
  }
  if (roll < 0.05) {
    return mail(
      "auto_reply",
      "auto_reply",
      `${head([`Subject: ${encodedWord(`Respuesta automática: fuera de la oficina ${index}`)}`, "Auto-Submitted: auto-replied"])}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n${b64(Buffer.from("Estoy fuera de la oficina hasta el lunes."))}\r\n`,
    );
  }
  if (roll < 0.065) {
    const boundary = `informe-${index}`;
    return mail(
      "bounce",
      "bounce",
      [
        "From: MAILER-DAEMON@correo.finca.test (Mail Delivery System)",
        `To: ${MAILBOX_ADDRESS}`,
        "Subject: Undelivered Mail Returned to Sender",
        `Date: ${date}`,
        `Message-ID: ${messageId}`,
        "MIME-Version: 1.0",
        `Content-Type: multipart/report; report-type=delivery-status; boundary="${boundary}"`,
        "",
        `--${boundary}`,
        "Content-Type: text/plain; charset=us-ascii",
        "",
        "Your message could not be delivered.",
        `--${boundary}`,
        "Content-Type: message/delivery-status",
        "",
        "Reporting-MTA: dns; correo.finca.test",
        "",
        `Final-Recipient: rfc822; nadie${index}@finca.test`,
        "Action: failed",
        "Status: 5.1.1",
        "Diagnostic-Code: smtp; 550 5.1.1 User unknown",
        "",
        `--${boundary}`,
        "Content-Type: text/rfc822-headers",
        "",
        `Message-ID: <00000000-0000-4000-8000-${String(index).padStart(12, "0")}@florapro.test>`,
        "",
        `--${boundary}--`,
        "",
      ].join("\r\n"),
    );
  }
  if (roll < 0.145) {
    // HTML only, as some webmail and marketing tools send it.
    const html = `<html><body><p>${text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/\n/g, "<br>")}</p><table><tr><td>Pedido</td><td>${index}</td></tr></table></body></html>`;
    return mail(
      "html_only",
      "imported",
      `${head([`Subject: ${encodedWord(`Pedido en HTML ${index}`)}`])}\r\nContent-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n${b64(Buffer.from(html))}\r\n`,
    );
  }
  if (roll < 0.195) {
    return mail(
      "iso_8859_1",
      "imported",
      Buffer.concat([
        Buffer.from(
          `${head(["Subject: =?ISO-8859-1?Q?Cotizaci=F3n_de_hidrataci=F3n?="])}\r\nContent-Type: text/plain; charset=ISO-8859-1\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n`,
        ),
        Buffer.from(quotedPrintable(Buffer.from(`Año ${index}: señor, ¿cuánto cuesta? ${text}`, "latin1"))),
        Buffer.from("\r\n"),
      ]),
    );
  }
  if (roll < 0.245) {
    // Outlook's windows-1252 in 8 bits: curly quotes, the euro sign, dashes.
    const body = cp1252(`“Pedido” ${index} – 25 € por litro… ${text}`.replace(/\n/g, "\r\n"));
    return mail(
      "windows_1252",
      "imported",
      Buffer.concat([
        Buffer.from(
          `${head(["Subject: =?windows-1252?Q?=93Pedido=94_urgente?="])}\r\nContent-Type: text/plain; charset=windows-1252\r\nContent-Transfer-Encoding: 8bit\r\n\r\n`,
        ),
        body,
        Buffer.from("\r\n"),
      ]),
    );
  }
  if (roll < 0.275) {
    // One or two files of 100 KB to 2 MB (log-uniform), base64 like every mail program sends them.
    const boundary = `limite-${index}`;
    const files = Array.from({ length: random() < 0.7 ? 1 : 2 }, (_, n) => {
      const size = Math.round(100 * 1024 * 20.48 ** random());
      const pdf = random() < 0.5;
      const filename = pdf ? `cotización ${index}-${n}.pdf` : `foto rosas ${index}-${n}.jpg`;
      return [
        `Content-Type: ${pdf ? "application/pdf" : "image/jpeg"}; name="${filename}"`,
        `Content-Disposition: attachment; filename="${filename}"`,
        "Content-Transfer-Encoding: base64",
        "",
        b64(randomBytes(size)),
      ].join("\r\n");
    });
    const parts = [
      `Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n${b64(Buffer.from(text))}`,
      ...files,
    ];
    return mail(
      "attachments",
      "imported",
      `${head([`Subject: ${encodedWord(`Fotos del pedido ${index}`)}`, `Content-Type: multipart/mixed; boundary="${boundary}"`])}\r\n\r\n${parts.map((part) => `--${boundary}\r\n${part}`).join("\r\n")}\r\n--${boundary}--\r\n`,
    );
  }
  return mail(
    "plain",
    "imported",
    `${head([`Subject: ${encodedWord(`Pedido número ${index}`)}`])}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n${b64(Buffer.from(text))}\r\n`,
  );
}

/**
 * Broken emails, each a way real mail breaks.
 * @param {number} index
 * @param {() => number} random
 * @param {string} messageId
 * @returns {BombEmail}
 */
function malformed(index, random, messageId) {
  /** @type {{ expect: string, id?: string, raw: string | Buffer }[]} */
  const variants = [
    // No From at all.
    {
      expect: "set_aside",
      id: messageId,
      raw: `To: ${MAILBOX_ADDRESS}\r\nSubject: sin remitente\r\nMessage-ID: ${messageId}\r\n\r\nHola\r\n`,
    },
    // Not an email.
    { expect: "set_aside", raw: "esto no es un correo\r\n\r\n\u0000\u0001\u0002" },
    // A From that is not an address.
    {
      expect: "set_aside",
      id: messageId,
      raw: `From: =?UTF-8?B?????\r\nTo: ${MAILBOX_ADDRESS}\r\nMessage-ID: ${messageId}\r\nSubject: roto\r\n\r\ntexto\r\n`,
    },
    // Multipart without its closing boundary, broken base64, an unknown charset: still readable.
    {
      expect: "imported",
      id: messageId,
      raw: `From: Roto ${index} <roto${index}@finca.test>\r\nTo: ${MAILBOX_ADDRESS}\r\nMessage-ID: ${messageId}\r\nSubject: partes rotas\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary="x${index}"\r\n\r\n--x${index}\r\nContent-Type: text/plain; charset=x-desconocido\r\nContent-Transfer-Encoding: base64\r\n\r\n%%%no-es-base64%%%\r\n--x${index}\r\nContent-Type: application/pdf\r\nContent-Transfer-Encoding: base64\r\n\r\nJVBERi0xLjQK`,
    },
    // Raw 8-bit bytes in the headers, no MIME at all.
    {
      expect: "imported",
      id: messageId,
      raw: Buffer.concat([
        Buffer.from(
          `From: Se\xf1or ${index} <senor${index}@finca.test>\r\nTo: ${MAILBOX_ADDRESS}\r\nMessage-ID: ${messageId}\r\nSubject: Cotizaci\xf3n\r\n\r\n`,
          "latin1",
        ),
        randomBytes(200),
      ]),
    },
  ];
  const variant = /** @type {(typeof variants)[number]} */ (variants[Math.floor(random() * variants.length)]);
  const raw = Buffer.isBuffer(variant.raw) ? variant.raw : Buffer.from(variant.raw, "latin1");
  return { kind: "malformed", expect: variant.expect, messageId: variant.id, raw };
}

/**
 * A client's simple answer, for the fault scenarios: one Message-ID each, counted afterwards.
 * @param {number} index
 * @param {string} tag
 * @param {{ attachmentBytes?: number }} [options]
 */
export function simpleEmail(index, tag, { attachmentBytes = 0 } = {}) {
  const messageId = `<${tag}-${index}@finca.test>`;
  const head = [
    `From: Cliente ${index} <cliente${index}@finca-${index % 50}.test>`,
    `To: ${MAILBOX_ADDRESS}`,
    `Subject: ${encodedWord(`Pedido ${index}`)}`,
    `Date: ${new Date().toUTCString()}`,
    `Message-ID: ${messageId}`,
    "MIME-Version: 1.0",
  ].join("\r\n");
  const text = `Buenos días, necesitamos ${index} litros de Chrysal RVB.\r\nSaludos.`;
  if (!attachmentBytes) {
    return { messageId, raw: Buffer.from(`${head}\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${text}\r\n`) };
  }
  const boundary = `b${index}`;
  return {
    messageId,
    raw: Buffer.from(
      `${head}\r\nContent-Type: multipart/mixed; boundary="${boundary}"\r\n\r\n--${boundary}\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${text}\r\n--${boundary}\r\nContent-Type: image/jpeg; name="foto-${index}.jpg"\r\nContent-Disposition: attachment; filename="foto-${index}.jpg"\r\nContent-Transfer-Encoding: base64\r\n\r\n${b64(randomBytes(attachmentBytes))}\r\n--${boundary}--\r\n`,
    ),
  };
}

/**
 * Puts emails straight into the test Dovecot's Maildir (`<dir>/home/Maildir/new`), as a local
 * delivery agent does: one file each, written before anything reads the box. Dovecot gives them
 * UIDs at the next SELECT or STATUS, in the order of the timestamps in their names (the order
 * written here). Thousands of APPENDs over IMAP would take a minute; this takes seconds.
 * Files are owned by whoever Dovecot reads the mail as (nobody when root runs this, see imap.ts).
 * @param {string} imapDir
 * @param {Buffer[]} raws
 */
export function deliverToMaildir(imapDir, raws) {
  const maildir = path.join(imapDir, "home", "Maildir");
  for (const sub of ["cur", "new", "tmp"]) mkdirSync(path.join(maildir, sub), { recursive: true });
  const owner = mailOwner();
  const base = Math.floor(Date.now() / 1000) - raws.length - 10;
  const host = os.hostname().replace(/[/:]/g, "_");
  raws.forEach((raw, index) => {
    const name = `${base + index}.M${index}P${process.pid}.${host},S=${raw.length}`;
    const file = path.join(maildir, "new", name);
    writeFileSync(file, raw);
    if (owner) chownSync(file, owner.uid, owner.gid);
  });
  if (owner) {
    for (const dir of [maildir, ...["cur", "new", "tmp"].map((sub) => path.join(maildir, sub))])
      chownSync(dir, owner.uid, owner.gid);
  }
  return readdirSync(path.join(maildir, "new")).length;
}

function mailOwner() {
  if (os.userInfo().uid !== 0) return undefined;
  /** @param {string} flag */
  const id = (flag) => Number(execFileSync("id", [flag, "nobody"], { encoding: "utf8" }));
  return { uid: id("-u"), gid: id("-g") };
}

/**
 * Appends over one IMAP connection (the way a mail client would), for the scenarios' smaller boxes.
 * @param {import("../../apps/api/test/imap.ts").TestImap} imap
 * @param {Buffer[]} raws
 */
export async function appendAll(imap, raws) {
  const client = await imap.client();
  try {
    for (const raw of raws) {
      const appended = await client.append("INBOX", raw);
      if (appended === false || !appended?.uid) throw new Error("APPEND gave no UID");
    }
  } finally {
    await client.logout().catch(() => client.close());
  }
}

/** What the database holds about the mailbox: the ledger by outcome, and rows per Message-ID. */
export const LEDGER_SQL = {
  outcomes: "select outcome, count(*)::int as count from inbound_emails group by 1 order by 1",
  totals:
    "select (select count(*)::int from inbound_emails) as ledger, (select count(distinct uid)::int from inbound_emails) as uids, (select count(*)::int from client_messages where origin = 'email') as messages, (select count(*)::int from message_attachments) as attachments, (select coalesce(sum(octet_length(content)), 0)::bigint as bytes from message_attachments) as attachment_bytes",
  ledgerPerMessageId:
    "select email_message_id as id, count(*)::int as count from inbound_emails where email_message_id is not null group by 1",
  messagesPerMessageId:
    "select email_message_id as id, count(*)::int as count from client_messages where origin = 'email' and email_message_id is not null group by 1",
  reasons:
    "select outcome, coalesce(reason, '') as reason, count(*)::int as count from inbound_emails where outcome <> 'imported' group by 1, 2 order by 3 desc",
};
