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

export type ReceivedMail = { to: string[]; subject: string; text: string; html: string };

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
