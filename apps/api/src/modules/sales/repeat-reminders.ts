import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { companies, contacts, orders, repeatReminders } from "../../db/schema/index.ts";
import { fromBusinessTime } from "../../kernel/business-time.ts";
import { newestFirst } from "../../kernel/newest-first.ts";
import { addReminderTask, closeReminderTask } from "../tasks/index.ts";
import { longDate } from "./document-format.ts";

// When a buyer will order again, from its own orders (decision 056), and the task that reminds its
// owner ahead of that day. A buyer is a company, or a contact who has none. The rule, as the order
// page explains it:
// - with two orders or more, the buyer orders every N days, N the median of the days between its
//   orders (not cancelled); with one, every 90 days (a season's cycle);
// - N is kept between 14 and 365 days; the next order is expected N days after the last one;
// - the owner is reminded a quarter of N before (at least 3 days, at most 14), at 09:00 Ecuador
//   time, and never in the past; a new order closes the earlier reminder and makes the next one;
// - a cancelled order does not count: the expectation is made again from the orders left.

export const REPEAT_RULE = { defaultGapDays: 90, minGapDays: 14, maxGapDays: 365, minLeadDays: 3, maxLeadDays: 14 };

const DAY_MS = 86_400_000;
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);

/** The median of whole days (the lower middle one of an even count: a buyer rather early than late). */
function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
}

/** The expectation from the days a buyer ordered on (Ecuador's days, oldest first) and today. */
export function expectNextOrder(days: string[], today: string) {
  const last = days.at(-1) ?? today;
  const gaps = days.slice(1).map((day, index) => daysBetween(days[index] ?? day, day));
  const gapDays = clamp(
    gaps.length > 0 ? median(gaps) : REPEAT_RULE.defaultGapDays,
    REPEAT_RULE.minGapDays,
    REPEAT_RULE.maxGapDays,
  );
  const expectedOn = addDays(last, gapDays);
  const leadDays = clamp(Math.round(gapDays / 4), REPEAT_RULE.minLeadDays, REPEAT_RULE.maxLeadDays);
  const tomorrow = addDays(today, 1);
  const remindOn = addDays(expectedOn, -leadDays) < tomorrow ? tomorrow : addDays(expectedOn, -leadDays);
  return { expectedOn, gapDays, ordersCounted: days.length, remindOn };
}

/** An order's buyer: its company, or its contact when it has none; as a condition on orders, and as a key. */
const buyerOf = (order: { clientId: number; companyId: number | null }) =>
  order.companyId === null
    ? { buyer: eq(orders.clientId, order.clientId), buyerKey: `client:${order.clientId}` }
    : { buyer: eq(orders.companyId, order.companyId), buyerKey: `company:${order.companyId}` };

/** Within the transaction that made order `orderId`: the buyer's next expected order and its reminder. */
export async function scheduleRepeatReminder(db: Db, orderId: number, today: string) {
  const [order] = await db
    .select({
      number: orders.number,
      clientId: orders.clientId,
      companyId: orders.companyId,
      ownerId: orders.ownerId,
      companyName: companies.name,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
      typedCompany: contacts.company,
    })
    .from(orders)
    .innerJoin(contacts, eq(contacts.id, orders.clientId))
    .leftJoin(companies, eq(companies.id, orders.companyId))
    .where(eq(orders.id, orderId));
  if (!order) return;
  const { buyer, buyerKey } = buyerOf(order);
  const history = await db
    .selectDistinct({ day: sql<string>`(${orders.createdAt} at time zone 'America/Guayaquil')::date::text` })
    .from(orders)
    .where(and(buyer, ne(orders.state, "cancelado")))
    .orderBy(asc(sql`1`));
  const next = expectNextOrder(
    history.map((row) => row.day),
    today,
  );
  const name = order.companyName ?? (order.typedCompany || `${order.firstName} ${order.lastName}`.trim());
  const [earlier] = await db
    .select({ taskId: repeatReminders.taskId })
    .from(repeatReminders)
    .where(eq(repeatReminders.buyerKey, buyerKey))
    .for("update");
  if (earlier?.taskId) await closeReminderTask(db, earlier.taskId);
  const taskId = await addReminderTask(db, {
    clientId: order.clientId,
    title: `Pedido esperado de ${name} hacia el ${longDate(next.expectedOn)}: ofrecer repetir ${order.number}`,
    dueAt: fromBusinessTime(`${next.remindOn}T09:00`),
    ownerId: order.ownerId,
    rule: "Recordatorio de recompra",
  });
  const row = { orderId, ...next, taskId };
  await db
    .insert(repeatReminders)
    .values({ buyerKey, ...row })
    .onConflictDoUpdate({ target: repeatReminders.buyerKey, set: { ...row, createdAt: sql`now()` } });
}

/**
 * Within the transaction that cancelled order `orderId`: the buyer's expectation made again from the
 * orders left (from its newest one), or, with none left, no expectation and its reminder closed.
 */
export async function rescheduleAfterCancel(db: Db, orderId: number, today: string) {
  const [order] = await db
    .select({ clientId: orders.clientId, companyId: orders.companyId })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) return;
  const { buyer, buyerKey } = buyerOf(order);
  const [latest] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(buyer, ne(orders.state, "cancelado")))
    .orderBy(...newestFirst(orders.createdAt, orders.id))
    .limit(1);
  if (latest) return scheduleRepeatReminder(db, latest.id, today);
  const [dropped] = await db
    .delete(repeatReminders)
    .where(eq(repeatReminders.buyerKey, buyerKey))
    .returning({ taskId: repeatReminders.taskId });
  if (dropped?.taskId) await closeReminderTask(db, dropped.taskId);
}

/** The expectation of the buyer of order `orderId`, when that order is the one it was made from. */
export async function repeatOf(db: Db, orderId: number) {
  const [row] = await db
    .select({
      expectedOn: repeatReminders.expectedOn,
      gapDays: repeatReminders.gapDays,
      ordersCounted: repeatReminders.ordersCounted,
      remindOn: repeatReminders.remindOn,
    })
    .from(repeatReminders)
    .where(eq(repeatReminders.orderId, orderId));
  return row ?? null;
}
