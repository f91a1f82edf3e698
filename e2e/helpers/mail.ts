import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect } from "@playwright/test";

// The browser tests' mail server (global-setup.ts) writes each email it receives as a JSON file
// here; tests read them like a mailbox.

// Next to the server's port (3100 → 3125), so two suites started with different E2E_PORT values
// (two clones on one machine) do not fight over one mail port.
export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 25);
/** One folder per run's SMTP port: two runs side by side (other E2E_PORTs) keep their mail apart. */
export const MAIL_DIR = fileURLToPath(new URL(`../.tmp/mail-${SMTP_PORT}`, import.meta.url));

/**
 * The shared mailbox the server reads (IMAP_URL): Dovecot, started by global-setup.ts on the port
 * after the mail server's, with this account.
 */
export const IMAP_PORT = SMTP_PORT + 1;
export const MAILBOX = { user: "ventas@floraprotect.test", password: "buzon-de-pruebas" } as const;
export const IMAP_URL = `imap://${encodeURIComponent(MAILBOX.user)}:${encodeURIComponent(MAILBOX.password)}@127.0.0.1:${IMAP_PORT}`;

export type ReceivedMail = {
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** The threading and answer headers (Message-ID, In-Reply-To, References, Reply-To). */
  messageId?: string;
  inReplyTo?: string;
  references?: string[];
  replyTo?: string;
};

function readMailbox(): ReceivedMail[] {
  let names: string[];
  try {
    names = readdirSync(MAIL_DIR).filter((name) => name.endsWith(".json"));
  } catch {
    return [];
  }
  return names.sort().map((name) => JSON.parse(readFileSync(path.join(MAIL_DIR, name), "utf8")) as ReceivedMail);
}

/** Waits for the emails to `address` (through the real SMTP server) and returns them, oldest first. */
export async function waitForMailTo(address: string, count = 1, timeout = 15_000) {
  const wanted = address.toLowerCase();
  const mine = () => readMailbox().filter((mail) => mail.to.some((to) => to.toLowerCase() === wanted));
  await expect
    .poll(() => mine().length, { timeout, message: `${count} email(s) to ${address}` })
    .toBeGreaterThanOrEqual(count);
  return mine();
}

/** Drops an email into the shared mailbox, as a grower's mail program leaves it there (IMAP APPEND). */
export async function appendToMailbox(raw: string) {
  const { ImapFlow } = await import("imapflow");
  const client = new ImapFlow({
    host: "127.0.0.1",
    port: IMAP_PORT,
    secure: false,
    auth: { user: MAILBOX.user, pass: MAILBOX.password },
    logger: false,
  });
  await client.connect();
  try {
    await client.append("INBOX", raw);
  } finally {
    await client.logout();
  }
}
