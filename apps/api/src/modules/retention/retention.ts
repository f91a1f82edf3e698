import { type SQL, sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client.ts";
import { recordAudit } from "../audit/repo.ts";
import { ANONYMISED_EMAIL_DOMAIN, anonymiseClientRows } from "../contacts/anonymise.ts";

// LOPDP retention (decision 018): a lead whose last contact with us is older than the configured
// period is anonymised (default) or deleted. "Last contact": the newest of the client's creation,
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

export function retentionCutoff(months: number, now = new Date()) {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return cutoff;
}

/** Clients due: last contact before the cutoff; when anonymising, not anonymised already. */
function dueClients(cutoff: Date, action: RetentionAction): SQL {
  const pending =
    action === "anonymize" ? sql`and c.email_key not like ${`%@${ANONYMISED_EMAIL_DOMAIN}`}` : sql.raw("");
  return sql`
    select c.id from clients c
     where c.created_at < ${cutoff.toISOString()} ${pending}
       and not exists (select 1 from client_messages m
                        where m.client_id = c.id
                          and (m.created_at >= ${cutoff.toISOString()} or m.replied_at >= ${cutoff.toISOString()}))`;
}

/** What a run would do now, without doing it (`npm run db:retention -- --dry-run`). */
export async function previewLeadRetention(
  db: Db,
  { months, action, now = new Date() }: Omit<RetentionOptions, "trigger">,
) {
  const cutoff = retentionCutoff(months, now);
  const [row] = await queryRows<{ clients: number; messages: number }>(
    db,
    sql`with due as (${dueClients(cutoff, action)})
        select (select count(*)::int from due) as clients,
               (select count(*)::int from client_messages where client_id in (select id from due)) as messages`,
  );
  return { cutoff, clients: row?.clients ?? 0, messages: row?.messages ?? 0 };
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
    const [lock] = await queryRows<{ locked: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${RETENTION_LOCK}) as locked`,
    );
    if (!lock?.locked) return { ran: false, cutoff, clients: 0, messages: 0 };
    if (trigger === "schedule") {
      const since = new Date(now.getTime() - SCHEDULE_GAP_HOURS * 3_600_000).toISOString();
      const recent = await queryRows(
        tx,
        sql`select 1 from audit_log where action = 'leads_retention' and at > ${since}
               and details->>'trigger' = 'schedule' limit 1`,
      );
      if (recent.length > 0) return { ran: false, cutoff, clients: 0, messages: 0 };
    }
    let clients = 0;
    let messages = 0;
    for (;;) {
      const ids = (
        await queryRows<{ id: number }>(tx, sql`${dueClients(cutoff, action)} order by c.id limit ${BATCH}`)
      ).map((row) => Number(row.id));
      if (ids.length === 0) break;
      const list = sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      );
      const [count] = await queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from client_messages where client_id in (${list})`,
      );
      if (action === "anonymize") await anonymiseClientRows(tx, ids);
      // Erasure: their messages, services and emails go with them (foreign keys cascade).
      else await tx.execute(sql`delete from clients where id in (${list})`);
      clients += ids.length;
      messages += count?.n ?? 0;
      if (ids.length < BATCH) break;
    }
    await recordAudit(tx, {
      action: "leads_retention",
      details: { trigger, action, months, cutoff: cutoff.toISOString(), clients, messages },
    });
    return { ran: true, cutoff, clients, messages };
  });
}
