import { BUSINESS_TIME_ZONE } from "@app/shared/constants";
import type { Db } from "../../db/client.ts";
import { tryAdvisoryXactLock } from "../../kernel/advisory-lock.ts";
import { businessDay, fromBusinessTime } from "../../kernel/business-time.ts";
import { digestsQueuedFor, digestTasks, queueDigestEmails, recordDigests, staffWithTasksDue } from "./digest-repo.ts";
import { taskGroup } from "./task-group.ts";

// The morning task digest (issue 13): at or after 07:30 in Ecuador, each active staff member with an
// email and open tasks due that day or overdue gets one email listing them.
//
// - One run per Ecuador day: the first look at or after 07:30 queues the day's digests; later looks
//   that day (this instance, another one, after a restart) see the day's task_digests rows and stop.
//   So a server down at 07:30 and back at 10:00 sends that day's digest at 10:00, a past day it
//   missed is never sent, and someone given a task due today at 14:00 gets no "morning" email at 14:00.
// - task_digests (user, day) is written in the transaction that queues the email, ON CONFLICT DO
//   NOTHING: a day is never sent twice to anyone, whatever runs at the same time. The advisory lock
//   (the retention job's mechanism) only keeps two instances from doing the same work together.
// - The outbox row holds who and when ({userId, day, at}), not the list: the email is rendered from
//   the tasks as they are when it is sent, so a task done meanwhile is not announced as pending.

/** Ecuador's wall-clock time the digest goes out. */
export const DIGEST_TIME = "07:30";
/** Transaction-scoped advisory lock key (727274: migrations, 727275: retention). */
const DIGEST_LOCK = 727276;
/** Tasks one email lists; the rest are counted and linked to /crm/tareas. */
export const DIGEST_LIST_LIMIT = 50;

const DAY_MS = 86_400_000;

/** The instant Ecuador's day `day` (YYYY-MM-DD) ends. Ecuador has no daylight saving: a day is 24 h. */
export const endOfBusinessDay = (day: string) => new Date(fromBusinessTime(`${day}T00:00`).getTime() + DAY_MS);

/** The Ecuador day whose digest is due at `now`: today once it is 07:30 there, else none yet. */
export function digestDay(now: Date): string | undefined {
  const day = businessDay(now);
  return now >= fromBusinessTime(`${day}T${DIGEST_TIME}`) ? day : undefined;
}

/**
 * Queues the digests of the Ecuador day at `now` if it is time and no run did it yet; answers how
 * many emails it queued (0 before 07:30, when another instance holds the lock, or when done already).
 */
export async function queueTaskDigests(db: Db, now = new Date()): Promise<number> {
  const day = digestDay(now);
  if (!day) return 0;
  return db.transaction(async (tx) => {
    if (!(await tryAdvisoryXactLock(tx, DIGEST_LOCK))) return 0;
    if (await digestsQueuedFor(tx, day)) return 0;
    const staff = await staffWithTasksDue(tx, endOfBusinessDay(day));
    const recorded = new Set(await recordDigests(tx, day, staff));
    const emails = staff
      .filter((member) => recorded.has(member.userId))
      .map((member) => ({ to: member.email, userId: member.userId, day, at: now }));
    await queueDigestEmails(tx, emails);
    return emails.length;
  });
}

/** One task as the digest email shows it. */
export type DigestItem = { title: string; contact: string; due: string; link: string };

export type TaskDigest = {
  /** Overdue at the time of the digest, then due later that day; each soonest first. */
  overdue: DigestItem[];
  today: DigestItem[];
  /** All open tasks due by the end of the day, listed or not. */
  total: number;
  tasksUrl: string;
};

const timeFormat = new Intl.DateTimeFormat("es-EC", {
  timeZone: BUSINESS_TIME_ZONE,
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** `09:30` for a time that day; `28/11 09:30` for one on an earlier day, in Ecuador. */
function dueLabel(due: Date, day: string) {
  const dueDay = businessDay(due);
  const time = timeFormat.format(due);
  return dueDay === day ? time : `${dueDay.slice(8, 10)}/${dueDay.slice(5, 7)} ${time}`;
}

/** What the digest of `day`, made at `at`, lists now for staff member `userId`. */
export async function taskDigestContents(
  db: Db,
  { userId, day, at }: { userId: number; day: string; at: Date },
  publicUrl: string,
): Promise<TaskDigest> {
  const { rows, total } = await digestTasks(db, userId, endOfBusinessDay(day), DIGEST_LIST_LIMIT);
  const digest: TaskDigest = { overdue: [], today: [], total, tasksUrl: `${publicUrl}/crm/tareas` };
  for (const row of rows) {
    const name = `${row.firstName} ${row.lastName}`.trim();
    const item = {
      title: row.title,
      contact: row.company ? `${name} (${row.company})` : name,
      due: dueLabel(row.dueAt, day),
      link: `${publicUrl}/crm/mensajes?contacto=${row.clientId}`,
    };
    (taskGroup(row.dueAt, false, at) === "vencidas" ? digest.overdue : digest.today).push(item);
  }
  return digest;
}
