import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { startImapServer } from "../apps/api/test/imap";
import { IMAP_PORT, MAIL_DIR, MAILBOX, type ReceivedMail, SMTP_PORT } from "./helpers/mail";

/**
 * A real SMTP server (the smtp-server package) for the whole run: the API sends its emails to it
 * (SMTP_URL in playwright.config.ts) and each one lands as a JSON file in MAIL_DIR, where any test
 * worker can read it. And a real IMAP server (Dovecot) with the shared mailbox the API reads
 * (IMAP_URL). Returns the teardown.
 */
export default async function globalSetup() {
  rmSync(MAIL_DIR, { recursive: true, force: true });
  mkdirSync(MAIL_DIR, { recursive: true });
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", async () => {
        try {
          const mail = await simpleParser(Buffer.concat(chunks));
          const references = mail.references;
          const record: ReceivedMail = {
            to: session.envelope.rcptTo.map((recipient) => recipient.address),
            subject: mail.subject ?? "",
            text: mail.text ?? "",
            html: typeof mail.html === "string" ? mail.html : "",
            ...(mail.messageId ? { messageId: mail.messageId } : {}),
            ...(mail.inReplyTo ? { inReplyTo: mail.inReplyTo } : {}),
            ...(references ? { references: Array.isArray(references) ? references : [references] } : {}),
            ...(mail.replyTo?.value[0]?.address ? { replyTo: mail.replyTo.value[0].address } : {}),
          };
          received += 1;
          const file = path.join(MAIL_DIR, `${Date.now()}-${String(received).padStart(5, "0")}.json`);
          // Written aside then renamed: a reader never sees half a file.
          writeFileSync(`${file}.part`, JSON.stringify(record));
          renameSync(`${file}.part`, file);
          callback();
        } catch (error) {
          callback(error as Error);
        }
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(SMTP_PORT, "127.0.0.1", () => resolve());
  });
  // The shared mailbox clients answer to: the server reads it (IMAP_URL), tests drop emails in it.
  const imap = await startImapServer({ ...MAILBOX, port: IMAP_PORT });
  return async () => {
    await imap.stop();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
}
