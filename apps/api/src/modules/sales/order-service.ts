import type { Order, OrderChangeInput, OrderCreateInput } from "@app/shared";
import { ORDER_STATE_LABELS, type OrderState, SALES_LIMITS } from "@app/shared/constants";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { contacts, orderLines, orders, quoteLines, quotes } from "../../db/schema/index.ts";
import { VersionConflictError } from "../../kernel/version-conflict.ts";
import { recordAudit } from "../audit/index.ts";
import {
  type Actor,
  currentOpportunityOf,
  findOpportunity,
  insertContactEvent,
  openOpportunity,
  opportunityWon,
  type SalesActor,
} from "../contacts/index.ts";
import { publishLive } from "../live/index.ts";
import { findQuotablePriceItems, pricedLines } from "./document-lines.ts";
import { nextDocumentNumber } from "./document-numbers.ts";
import { findOrder } from "./order-repo.ts";
import { today } from "./quote-repo.ts";
import { createQuote, OpportunityNotFoundError } from "./quote-service.ts";
import { rescheduleAfterCancel, scheduleRepeatReminder } from "./repeat-reminders.ts";

// Orders (`Pedidos`): an accepted quote becomes one, with the quote's lines, terms and totals, and
// wins its opportunity. Numbered `PED-<year>-<n>` without gaps, like quotes.

/** Within the acceptance's transaction: the order of quote `quoteId`, which is locked by the caller. */
export async function orderFromQuote(db: Db, quoteId: number, actor: SalesActor) {
  const [quote] = await db.select().from(quotes).where(eq(quotes.id, quoteId));
  if (!quote?.number) throw new Error(`quote ${quoteId} has no number: only a sent quote is ordered`);
  const number = await nextDocumentNumber(db, "PED", Number(today().slice(0, 4)));
  const [order] = await db
    .insert(orders)
    .values({
      number,
      opportunityId: quote.opportunityId,
      clientId: quote.clientId,
      companyId: quote.companyId,
      quoteId: quote.id,
      paymentTerms: quote.paymentTerms,
      notes: quote.deliveryNotes,
      grossCents: quote.grossCents,
      discountCents: quote.discountCents,
      subtotalCents: quote.subtotalCents,
      ivaCents: quote.ivaCents,
      totalCents: quote.totalCents,
      ownerId: quote.ownerId,
      createdBy: actor?.id ?? null,
    })
    .returning({ id: orders.id });
  if (!order) throw new Error("the order was not written");
  await db.execute(sql`
    insert into ${orderLines} (order_id, position, price_item_id, description, quantity, unit_price, discount_percent,
      iva_percent, subtotal_cents)
    select ${order.id}, position, price_item_id, description, quantity, unit_price, discount_percent, iva_percent,
      subtotal_cents
    from ${quoteLines} where quote_id = ${quote.id} order by position`);
  await opportunityWon(db, quote.opportunityId, quote.subtotalCents, actor, quote.number);
  await scheduleRepeatReminder(db, order.id, today());
  const total = (quote.totalCents / 100).toFixed(2);
  await insertContactEvent(db, {
    clientId: quote.clientId,
    kind: "order_created",
    actorId: actor?.id ?? null,
    actorName: actor?.displayName ?? null,
    data: { orderId: order.id, number, total, quoteNumber: quote.number },
  });
  return { id: order.id, number, total };
}

/** The state an order may move to from each one: forward, or cancelled until delivered. */
const NEXT_STATES: Record<OrderState, readonly OrderState[]> = {
  confirmado: ["confirmado", "despachado", "entregado", "cancelado"],
  despachado: ["despachado", "entregado", "cancelado"],
  entregado: ["entregado"],
  cancelado: ["cancelado"],
};

export class OrderStateError extends Error {
  override name = "OrderStateError";
}

/** An order staff write (a client ordering by phone): it wins its opportunity like an accepted quote. */
export async function createOrder(db: Db, input: OrderCreateInput, actor: Actor) {
  const opportunityId =
    input.opportunityId ?? (input.clientId === undefined ? undefined : await currentOpportunityOf(db, input.clientId));
  const opportunity = opportunityId === undefined ? undefined : await findOpportunity(db, opportunityId);
  if (!opportunity) throw new OpportunityNotFoundError();
  const { rows, totals } = await pricedLines(db, input.lines);
  const staff = { id: actor.staff.id, displayName: actor.staff.displayName };
  const created = await db.transaction(async (tx) => {
    const [contact] = await tx
      .select({ companyId: contacts.companyId })
      .from(contacts)
      .where(eq(contacts.id, opportunity.clientId));
    const number = await nextDocumentNumber(tx, "PED", Number(today().slice(0, 4)));
    const [order] = await tx
      .insert(orders)
      .values({
        number,
        opportunityId: opportunity.id,
        clientId: opportunity.clientId,
        companyId: contact?.companyId ?? null,
        deliveryOn: input.deliveryOn,
        paymentTerms: input.paymentTerms,
        notes: input.notes,
        ...totals,
        ownerId: opportunity.ownerId ?? actor.staff.id,
        createdBy: actor.staff.id,
      })
      .returning({ id: orders.id });
    if (!order) throw new Error("the order was not written");
    await tx.insert(orderLines).values(rows.map((row) => ({ ...row, orderId: order.id })));
    await opportunityWon(tx, opportunity.id, totals.subtotalCents, staff, number);
    await scheduleRepeatReminder(tx, order.id, today());
    const total = (totals.totalCents / 100).toFixed(2);
    await insertContactEvent(tx, {
      clientId: opportunity.clientId,
      kind: "order_created",
      actorId: staff.id,
      actorName: staff.displayName,
      data: { orderId: order.id, number, total },
    });
    return { id: order.id, number, total };
  });
  publishLive(db, { kind: "order_changed", orderId: created.id, clientId: opportunity.clientId, actorId: staff.id });
  publishLive(db, { kind: "stage_changed", clientId: opportunity.clientId, actorId: staff.id });
  await recordAudit(db, {
    action: "order_created",
    actor: actor.staff,
    ip: actor.ip,
    details: { orderId: created.id, clientId: opportunity.clientId, number: created.number, total: created.total },
  });
  return created.id;
}

/** `Despachado`, `Entregado`, `Cancelado` or a new delivery date; undefined when there is no such order. */
export async function changeOrder(db: Db, id: number, input: OrderChangeInput, actor: Actor) {
  const outcome = await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ state: orders.state, version: orders.version, number: orders.number, clientId: orders.clientId })
      .from(orders)
      .where(eq(orders.id, id))
      .for("update");
    if (!current) return "missing" as const;
    if (current.version !== input.version) return "changed" as const;
    if (!NEXT_STATES[current.state].includes(input.state)) {
      throw new OrderStateError(
        `Un pedido ${ORDER_STATE_LABELS[current.state].toLowerCase()} no pasa a ${ORDER_STATE_LABELS[input.state].toLowerCase()}.`,
      );
    }
    await tx
      .update(orders)
      .set({
        state: input.state,
        ...(input.deliveryOn === undefined ? {} : { deliveryOn: input.deliveryOn }),
        updatedAt: sql`now()`,
        version: sql`${orders.version} + 1`,
      })
      .where(eq(orders.id, id));
    if (input.state === "cancelado" && current.state !== "cancelado") await rescheduleAfterCancel(tx, id, today());
    if (input.state !== current.state) {
      await insertContactEvent(tx, {
        clientId: current.clientId,
        kind: "order_changed",
        actorId: actor.staff.id,
        actorName: actor.staff.displayName,
        data: { orderId: id, number: current.number, state: input.state, stateLabel: ORDER_STATE_LABELS[input.state] },
      });
    }
    return { number: current.number, clientId: current.clientId };
  });
  if (outcome === "missing") return undefined;
  if (outcome === "changed") {
    const current = await findOrder(db, id);
    throw new VersionConflictError<Order>(current as Order);
  }
  publishLive(db, { kind: "order_changed", orderId: id, clientId: outcome.clientId, actorId: actor.staff.id });
  await recordAudit(db, {
    action: "order_changed",
    actor: actor.staff,
    ip: actor.ip,
    details: {
      orderId: id,
      clientId: outcome.clientId,
      number: outcome.number,
      state: ORDER_STATE_LABELS[input.state],
    },
  });
  return findOrder(db, id);
}

/**
 * `Repetir pedido`: a new opportunity for the same contact and a draft quote with the order's lines
 * at today's list prices (its discounts kept); presentations no longer offered are left out.
 */
export async function repeatOrder(db: Db, id: number, actor: Actor) {
  const order = await findOrder(db, id);
  if (!order) return undefined;
  const offered = new Set(
    (
      await findQuotablePriceItems(
        db,
        order.lines.map((line) => line.priceItemId),
      )
    ).map((item) => item.id),
  );
  const lines = order.lines
    .filter((line) => offered.has(line.priceItemId))
    .map((line) => ({ priceItemId: line.priceItemId, quantity: line.quantity, discountPercent: line.discountPercent }));
  if (lines.length === 0)
    throw new OrderStateError("Ninguna presentación de este pedido sigue en el catálogo de precios.");
  const [owner] = await db.select({ ownerId: orders.ownerId }).from(orders).where(eq(orders.id, id));
  const opportunityId = await db.transaction((tx) =>
    openOpportunity(
      tx,
      { clientId: order.client.id, title: `Repetición de ${order.number}`, ownerId: owner?.ownerId ?? actor.staff.id },
      { id: actor.staff.id, displayName: actor.staff.displayName },
    ),
  );
  const validUntil = new Date(Date.parse(`${today()}T00:00:00Z`) + SALES_LIMITS.validityDefaultDays * 86_400_000)
    .toISOString()
    .slice(0, 10);
  return createQuote(
    db,
    { opportunityId, validUntil, paymentTerms: order.paymentTerms, deliveryNotes: order.notes, lines },
    actor,
  );
}
