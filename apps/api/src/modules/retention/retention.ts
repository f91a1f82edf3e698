import type { Db } from "../../db/client.ts";
import { tryAdvisoryXactLock } from "../../kernel/advisory-lock.ts";
import { recordAudit } from "../audit/index.ts";
import { deleteContactRows, forgetConfirmationsBefore } from "../contacts/index.ts";
import { anonymisePeople } from "./anonymise.ts";
import { countDue, countMessagesOf, nextDueContacts, ranSince } from "./repo.ts";

// LOPDP retention (decision 018): a lead whose last contact with us is older than the configured
// period is anonymised (default) or deleted. "Last contact": the newest of the contact's creation,
// their messages and our replies.

export type RetentionAction = "anonymize" | "delete";
export type RetentionTrigger = "schedule" | "cli";

export type RetentionOptions = {
  months: number;
  action: RetentionAction;
  trigger: RetentionTrigger;
  now?: Date;
};

export type RetentionResult = {
  /** False when another instance was applying it at that moment, or (schedule) it already ran today. */
  ran: boolean;
  cutoff: Date;
  clients: number;
  messages: number;
};

/** Transaction-scoped, so it is released with the run whatever happens (pool connection or PGlite). */
const RETENTION_LOCK = 727275;
/** Scheduled runs are at least this far apart, whichever instance makes them. */
const SCHEDULE_GAP_HOURS = 20;
const BATCH = 200;
/** An address's confirmation is remembered this long: the daily cap of decision 045 needs no more. */
const CONFIRMATION_MEMORY_MS = 24 * 3_600_000;

export function retentionCutoff(months: number, now = new Date()) {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return cutoff;
}

/** What a run would do now, without doing it (`npm run db:retention -- --dry-run`). */
export async function previewLeadRetention(
  db: Db,
  { months, action, now = new Date() }: Omit<RetentionOptions, "trigger">,
) {
  const cutoff = retentionCutoff(months, now);
  return { cutoff, ...(await countDue(db, cutoff, action)) };
}

/**
 * One run, in one transaction holding an advisory lock: with several instances exactly one acts, and a
 * scheduled run is skipped when one already ran within the last hours (the audit log says so). Works
 * in batches so no statement outlives the database's per-statement deadline; every run that acts
 * writes one audit entry with its counts, zero included.
 */
export async function applyLeadRetention(db: Db, options: RetentionOptions): Promise<RetentionResult> {
  const { months, action, trigger, now = new Date() } = options;
  const cutoff = retentionCutoff(months, now);
  return db.transaction(async (tx) => {
    if (!(await tryAdvisoryXactLock(tx, RETENTION_LOCK))) return { ran: false, cutoff, clients: 0, messages: 0 };
    if (trigger === "schedule") {
      const since = new Date(now.getTime() - SCHEDULE_GAP_HOURS * 3_600_000);
      if (await ranSince(tx, "schedule", since)) return { ran: false, cutoff, clients: 0, messages: 0 };
    }
    let contacts = 0;
    let messages = 0;
    for (;;) {
      const ids = await nextDueContacts(tx, cutoff, action, BATCH);
      if (ids.length === 0) break;
      messages += await countMessagesOf(tx, ids);
      if (action === "anonymize") await anonymisePeople(tx, ids);
      else await deleteContactRows(tx, ids);
      contacts += ids.length;
      if (ids.length < BATCH) break;
    }
    await forgetConfirmationsBefore(tx, new Date(now.getTime() - CONFIRMATION_MEMORY_MS));
    await recordAudit(tx, {
      action: "leads_retention",
      details: { trigger, action, months, cutoff: cutoff.toISOString(), clients: contacts, messages },
    });
    return { ran: true, cutoff, clients: contacts, messages };
  });
}
