import type { FastifyBaseLogger } from "fastify";
import { ImapFlow } from "imapflow";
import type { InboundConfig } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { isDatabaseUnavailable } from "../../db/errors.ts";
import { holdLease, leaseHolder, releaseLease } from "../../kernel/lease.ts";
import { isDeadHolderHere, newHolder } from "../../kernel/lease-holder.ts";
import { type ImportResult, type ImportSettings, importEmail, type MailboxPlace } from "./import-email.ts";
import { parseEmail } from "./parse-email.ts";
import { lastImportedUid } from "./repo.ts";

/** An email bigger than this is set aside unread (it stays in the mailbox). */
export const EMAIL_MAX_BYTES = 30 * 1024 * 1024;
/** Emails fetched in one command: bounded in number and bytes, so memory stays small in a flood. */
const RUN_MAX_EMAILS = 100;
const RUN_MAX_BYTES = 16 * 1024 * 1024;
/** The lease lasts this long without renewal; it is renewed at least every third of it. */
const LEASE_SECONDS = 90;
const RENEW_MS = (LEASE_SECONDS * 1000) / 3;
/** Backoff after a failure: 1 s, 2 s, 4 s... up to 5 minutes. */
const BACKOFF_MAX_MS = 300_000;

export type MailboxStatus = {
  state: "starting" | "standby" | "connected" | "retrying" | "stopped";
  /** Failures in a row; 0 once a session works again. */
  failures: number;
  lastError: string | null;
  nextAttemptAt: string | null;
  lastImportAt: string | null;
  imported: number;
  setAside: number;
};

export type MailboxReaderOptions = {
  db: Db;
  config: InboundConfig;
  settings: ImportSettings;
  log: FastifyBaseLogger;
  /** After each email's transaction committed: live updates and the outbox. */
  onImported: (result: ImportResult) => void;
};

/** The parts of an `imaps://user:pass@host:port` URL that ImapFlow takes. */
export function imapOptions(url: string) {
  const parsed = new URL(url);
  const secure = parsed.protocol === "imaps:";
  return {
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : secure ? 993 : 143,
    secure,
    auth: { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) },
  };
}

/** Resolves after `ms`, or at once when `signal` fires. */
function pause(ms: number, signal: { wake?: (() => void) | undefined }) {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.wake = undefined;
      resolve();
    }
    signal.wake = done;
  });
}

/**
 * Reads the shared mailbox into the CRM. One instance at a time reads it (a lease in the database);
 * the others stand by and take over when the lease runs out, or at once when its holder was a
 * process of their host that died (a server restarted after a crash, lease-holder.ts). New mail is read when the server
 * announces it (IDLE), and every IMAP_POLL_MS otherwise. Each email is imported in its own
 * transaction with its ledger row, in UID order, so reading resumes after the highest UID recorded
 * and an email is imported once, across restarts and crashes. A connection or database failure
 * ends the session and it starts again after a growing pause.
 */
export class MailboxReader {
  private readonly holder = newHolder();
  private readonly lease: string;
  private readonly signal: { wake?: (() => void) | undefined } = {};
  private stopped = false;
  private running: Promise<void> | undefined;
  private client: ImapFlow | undefined;
  private renewedAt = 0;
  private readonly current: MailboxStatus = {
    state: "starting",
    failures: 0,
    lastError: null,
    nextAttemptAt: null,
    lastImportAt: null,
    imported: 0,
    setAside: 0,
  };

  constructor(private readonly options: MailboxReaderOptions) {
    this.lease = `imap:${options.config.mailbox}`;
  }

  status(): MailboxStatus {
    return { ...this.current };
  }

  start() {
    this.running ??= this.loop();
  }

  async stop() {
    this.stopped = true;
    this.signal.wake?.();
    this.client?.close();
    await this.running;
    this.current.state = "stopped";
    await releaseLease(this.options.db, this.lease, this.holder).catch(() => {});
  }

  private async loop() {
    const { log } = this.options;
    while (!this.stopped) {
      try {
        if (!(await this.takeLease())) {
          this.current.state = "standby";
          await pause(RENEW_MS, this.signal);
          continue;
        }
        await this.session();
      } catch (error) {
        if (this.stopped) break;
        this.current.failures += 1;
        const delay = Math.min(1000 * 2 ** (this.current.failures - 1), BACKOFF_MAX_MS) * (0.8 + 0.4 * Math.random());
        this.current.state = "retrying";
        this.current.lastError = error instanceof Error ? error.message : String(error);
        this.current.nextAttemptAt = new Date(Date.now() + delay).toISOString();
        log.warn({ err: error, failures: this.current.failures, retryInMs: Math.round(delay) }, "mailbox unavailable");
        await pause(delay, this.signal);
      }
    }
  }

  /** One connection: read what is new, then wait for news, until it closes or the lease is lost. */
  private async session() {
    const { config, log } = this.options;
    const client = new ImapFlow({
      ...imapOptions(config.url),
      logger: false,
      // A round's commands come in quick succession; IDLE starts soon after, so news arrives at once.
      autoIdleDelay: 1000,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 5 * 60_000,
    });
    this.client = client;
    let closed = false;
    client.on("error", (error: Error) => log.warn({ err: error }, "mailbox connection error"));
    client.on("close", () => {
      closed = true;
      this.signal.wake?.();
    });
    client.on("exists", () => this.signal.wake?.());
    try {
      await client.connect();
      await client.mailboxOpen(config.mailbox);
      this.current.state = "connected";
      this.current.failures = 0;
      this.current.nextAttemptAt = null;
      this.renewedAt = Date.now();
      while (!this.stopped && !closed) {
        if (!(await this.round(client))) return;
        if (!(await this.renewLease())) return;
        await pause(Math.min(config.pollMs, RENEW_MS), this.signal);
      }
      if (closed && !this.stopped) throw new Error("El servidor IMAP cerró la conexión");
    } finally {
      this.client = undefined;
      if (!closed) await client.logout().catch(() => client.close());
    }
  }

  /** Takes the lease when it is free, run out, or held by a process of this host that died. */
  private async takeLease() {
    const { db, log } = this.options;
    if (await holdLease(db, this.lease, this.holder, LEASE_SECONDS)) return true;
    const holder = await leaseHolder(db, this.lease);
    if (!holder || !isDeadHolderHere(holder)) return false;
    const taken = await holdLease(db, this.lease, this.holder, LEASE_SECONDS, holder);
    if (taken) log.info({ deadHolder: holder }, "mailbox lease taken over from a process that is gone");
    return taken;
  }

  /** Renews the lease when half its renewal period has passed; false once another instance has it. */
  private async renewLease() {
    if (Date.now() - this.renewedAt < RENEW_MS / 2) return true;
    if (!(await holdLease(this.options.db, this.lease, this.holder, LEASE_SECONDS))) return false;
    this.renewedAt = Date.now();
    return true;
  }

  /**
   * Imports every email above the last recorded UID, in UID order; false when the lease was lost
   * on the way (a flood takes longer than a lease: it is renewed between runs).
   */
  private async round(client: ImapFlow) {
    const { config, db } = this.options;
    const lock = await client.getMailboxLock(config.mailbox);
    try {
      // The server tells of new mail in answer to a command (or during IDLE, which a round ends):
      // NOOP asks it, for servers without IDLE and for news that came while the round ran.
      await client.noop();
      const mailbox = client.mailbox;
      if (!mailbox) throw new Error("El buzón no está abierto");
      const uidValidity = Number(mailbox.uidValidity);
      const last = await lastImportedUid(db, config.mailbox, uidValidity);
      // UIDNEXT is only what SELECT said; EXISTS is kept up to date by the server's news.
      if (mailbox.exists === 0) return true;
      const pending: { uid: number; size: number }[] = [];
      for await (const message of client.fetch(`${last + 1}:*`, { uid: true, size: true }, { uid: true })) {
        if (message.uid > last) pending.push({ uid: message.uid, size: message.size ?? 0 });
      }
      pending.sort((a, b) => a.uid - b.uid);
      const place = (email: { uid: number; size: number }): MailboxPlace => ({
        mailbox: config.mailbox,
        uidValidity,
        ...email,
      });
      let index = 0;
      while (index < pending.length && !this.stopped) {
        const first = pending[index];
        if (!first) break;
        if (first.size > EMAIL_MAX_BYTES) {
          await this.setAsideTooBig(client, place(first));
          index += 1;
          if (!(await this.renewLease())) return false;
          continue;
        }
        // A run of emails below the size limit, fetched in one command.
        const run: typeof pending = [];
        let bytes = 0;
        for (let next = pending[index]; next && next.size <= EMAIL_MAX_BYTES; next = pending[index]) {
          if (run.length >= RUN_MAX_EMAILS || (run.length > 0 && bytes + next.size > RUN_MAX_BYTES)) break;
          run.push(next);
          bytes += next.size;
          index += 1;
        }
        const sizes = new Map(run.map((email) => [email.uid, email.size]));
        const fetched = [];
        for await (const message of client.fetch(
          run.map((email) => email.uid).join(","),
          { uid: true, source: true },
          { uid: true },
        )) {
          fetched.push(message);
        }
        fetched.sort((a, b) => a.uid - b.uid);
        for (const message of fetched) {
          await this.importOne(place({ uid: message.uid, size: sizes.get(message.uid) ?? 0 }), message.source);
        }
        if (!(await this.renewLease())) return false;
      }
      return true;
    } finally {
      lock.release();
    }
  }

  private async setAsideTooBig(client: ImapFlow, place: MailboxPlace) {
    const header = await client.fetchOne(String(place.uid), { envelope: true }, { uid: true });
    const envelope = header ? header.envelope : undefined;
    const megabytes = (place.size / 1024 / 1024).toFixed(1);
    await this.record(
      place,
      await importEmail(
        this.options.db,
        place,
        {
          unreadable: `Demasiado grande: ${megabytes} MB (máximo ${EMAIL_MAX_BYTES / 1024 / 1024} MB); se conserva en el buzón`,
          messageId: envelope?.messageId,
          from: envelope?.from?.[0]?.address,
          subject: envelope?.subject,
        },
        this.options.settings,
      ),
    );
  }

  private async importOne(place: MailboxPlace, source: Buffer | undefined) {
    const { db, settings } = this.options;
    let result: ImportResult;
    try {
      const email = source ? await parseEmail(source) : undefined;
      result = await importEmail(db, place, email ?? { unreadable: "El servidor no entregó el contenido" }, settings);
    } catch (error) {
      // The database is away: the session ends and this email is read again later.
      if (isDatabaseUnavailable(error)) throw error;
      // Anything else about this one email (MIME nobody can read, data the database refuses) must
      // not stop the mailbox: it is set aside with the reason.
      const reason = `No se pudo importar: ${error instanceof Error ? error.message : String(error)}`.slice(0, 500);
      result = await importEmail(db, place, { unreadable: reason }, settings);
    }
    await this.record(place, result);
  }

  private async record(place: MailboxPlace, result: ImportResult) {
    if (result.outcome === "duplicate") return;
    this.current.lastImportAt = new Date().toISOString();
    if (result.outcome === "imported") this.current.imported += 1;
    else this.current.setAside += 1;
    this.options.log.info({ uid: place.uid, outcome: result.outcome }, "mailbox email read");
    this.options.onImported(result);
  }
}
