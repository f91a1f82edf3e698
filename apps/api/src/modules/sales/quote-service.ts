import type { Quote, QuoteCreateInput, QuoteUpdateInput } from "@app/shared";
import { SALES_LIMITS, SALES_MESSAGES } from "@app/shared/constants";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { contactMessages, contacts, quoteLines, quotes, users } from "../../db/schema/index.ts";
import { VersionConflictError } from "../../kernel/version-conflict.ts";
import { recordAudit } from "../audit/index.ts";
import {
  type Actor,
  currentOpportunityOf,
  findOpportunity,
  insertContactEvent,
  opportunityQuoted,
} from "../contacts/index.ts";
import { queueEmails } from "../email/index.ts";
import { publishLive } from "../live/index.ts";
import { pricedLines, QuoteInputError } from "./document-lines.ts";
import { nextDocumentNumber } from "./document-numbers.ts";
import { findQuote, today } from "./quote-repo.ts";

// Making a quote (a draft), changing it while it is one, and sending it: sending gives it its number
// (`COT-<year>-<n>` without gaps, decision 056), moves its opportunity on and queues the email with the PDF and
// the two links, all in one transaction; a quote is never half-saved.

/** A change the quote's state no longer allows (it was sent, answered): 409. */
export class QuoteStateError extends Error {
  override name = "QuoteStateError";
}

export { QuoteInputError };

export class OpportunityNotFoundError extends Error {
  override name = "OpportunityNotFoundError";
  override message = SALES_MESSAGES.opportunityNotFound;
}

const DAY_MS = 86_400_000;

/** `Válida hasta` from today to SALES_LIMITS.validityMaxDays ahead, Ecuador's days. */
function checkValidity(validUntil: string) {
  const first = today();
  const last = new Date(Date.parse(`${first}T00:00:00Z`) + SALES_LIMITS.validityMaxDays * DAY_MS)
    .toISOString()
    .slice(0, 10);
  if (validUntil < first) {
    throw new QuoteInputError([{ path: "validUntil", message: "Válida hasta: elige hoy o un día posterior." }]);
  }
  if (validUntil > last) {
    throw new QuoteInputError([
      { path: "validUntil", message: `Válida hasta: como máximo ${SALES_LIMITS.validityMaxDays} días desde hoy.` },
    ]);
  }
}

const auditOf = (actor: Actor) => ({ actor: actor.staff, ip: actor.ip });

/** The name a quote is signed with: its opportunity's owner while active, else who makes it. */
async function signer(db: Db, ownerId: number | null, actor: Actor) {
  if (ownerId !== null) {
    const [owner] = await db
      .select({ id: users.id, displayName: users.displayName })
      .from(users)
      .where(and(eq(users.id, ownerId), eq(users.active, true)));
    if (owner) return owner;
  }
  return { id: actor.staff.id, displayName: actor.staff.displayName };
}

/** `Nueva cotización`: a draft for the opportunity (or the contact's current one). */
export async function createQuote(db: Db, input: QuoteCreateInput, actor: Actor): Promise<Quote> {
  const opportunityId =
    input.opportunityId ?? (input.clientId === undefined ? undefined : await currentOpportunityOf(db, input.clientId));
  const opportunity = opportunityId === undefined ? undefined : await findOpportunity(db, opportunityId);
  if (!opportunity) throw new OpportunityNotFoundError();
  checkValidity(input.validUntil);
  const { rows, totals } = await pricedLines(db, input.lines);
  const owner = await signer(db, opportunity.ownerId, actor);
  const id = await db.transaction(async (tx) => {
    const [contact] = await tx
      .select({ companyId: contacts.companyId })
      .from(contacts)
      .where(eq(contacts.id, opportunity.clientId));
    const [quote] = await tx
      .insert(quotes)
      .values({
        opportunityId: opportunity.id,
        clientId: opportunity.clientId,
        companyId: contact?.companyId ?? null,
        validUntil: input.validUntil,
        paymentTerms: input.paymentTerms,
        deliveryNotes: input.deliveryNotes,
        ...totals,
        ownerId: owner.id,
        ownerName: owner.displayName,
        createdBy: actor.staff.id,
      })
      .returning({ id: quotes.id });
    if (!quote) throw new Error("the quote was not written");
    await tx.insert(quoteLines).values(rows.map((row) => ({ ...row, quoteId: quote.id })));
    return quote.id;
  });
  publishLive(db, { kind: "quote_changed", quoteId: id, clientId: opportunity.clientId, actorId: actor.staff.id });
  await recordAudit(db, {
    action: "quote_created",
    ...auditOf(actor),
    details: { quoteId: id, clientId: opportunity.clientId, total: (totals.totalCents / 100).toFixed(2) },
  });
  return (await findQuote(db, id)) as Quote;
}

async function conflict(db: Db, id: number): Promise<never> {
  throw new VersionConflictError<Quote>((await findQuote(db, id)) as Quote);
}

/** A draft's new content, with the version the person edited; undefined when there is no such quote. */
export async function updateQuote(db: Db, id: number, input: QuoteUpdateInput, actor: Actor) {
  checkValidity(input.validUntil);
  const { rows, totals } = await pricedLines(db, input.lines);
  const outcome = await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ state: quotes.state, version: quotes.version })
      .from(quotes)
      .where(eq(quotes.id, id))
      .for("update");
    if (!current) return "missing" as const;
    if (current.version !== input.version) return "changed" as const;
    if (current.state !== "borrador") throw new QuoteStateError(SALES_MESSAGES.notDraft);
    await tx
      .update(quotes)
      .set({
        validUntil: input.validUntil,
        paymentTerms: input.paymentTerms,
        deliveryNotes: input.deliveryNotes,
        ...totals,
        updatedAt: sql`now()`,
        version: sql`${quotes.version} + 1`,
      })
      .where(eq(quotes.id, id));
    await tx.delete(quoteLines).where(eq(quoteLines.quoteId, id));
    await tx.insert(quoteLines).values(rows.map((row) => ({ ...row, quoteId: id })));
    return "saved" as const;
  });
  if (outcome === "missing") return undefined;
  if (outcome === "changed") return conflict(db, id);
  publishLive(db, { kind: "quote_changed", quoteId: id, actorId: actor.staff.id });
  await recordAudit(db, { action: "quote_updated", ...auditOf(actor), details: { quoteId: id } });
  return findQuote(db, id);
}

/**
 * `Enviar cotización`: a draft gets its number; the quote becomes `Enviada` with new answer links
 * (an earlier email's stop working), its opportunity is worth its subtotal and moves to `Cotización
 * enviada` if it was newer, and the email with the PDF joins the contact's conversation.
 */
export async function sendQuote(db: Db, id: number, version: number, actor: Actor) {
  const outcome = await db.transaction(async (tx) => {
    const [current] = await tx
      .select({
        state: quotes.state,
        version: quotes.version,
        number: quotes.number,
        validUntil: quotes.validUntil,
        opportunityId: quotes.opportunityId,
        clientId: quotes.clientId,
        subtotalCents: quotes.subtotalCents,
        totalCents: quotes.totalCents,
      })
      .from(quotes)
      .where(eq(quotes.id, id))
      .for("update");
    if (!current) return "missing" as const;
    if (current.version !== version) return "changed" as const;
    if (current.state !== "borrador" && current.state !== "enviada") throw new QuoteStateError(SALES_MESSAGES.answered);
    if (current.validUntil < today()) throw new QuoteStateError(SALES_MESSAGES.expired);
    const [contact] = await tx
      .select({ email: contacts.email })
      .from(contacts)
      .where(eq(contacts.id, current.clientId));
    if (!contact?.email) throw new QuoteStateError(SALES_MESSAGES.noEmail);
    const number = current.number ?? (await nextQuoteNumber(tx));
    await tx
      .update(quotes)
      .set({
        number,
        state: "enviada",
        issuedAt: sql`coalesce(${quotes.issuedAt}, now())`,
        sentAt: sql`now()`,
        linkKey: sql`md5(gen_random_uuid()::text)`,
        updatedAt: sql`now()`,
        version: sql`${quotes.version} + 1`,
      })
      .where(eq(quotes.id, id));
    const staff = { id: actor.staff.id, displayName: actor.staff.displayName };
    await opportunityQuoted(tx, current.opportunityId, current.subtotalCents, staff, number);
    const messageId = await latestMessageOf(tx, current.clientId);
    await queueEmails(tx, [{ kind: "quote_sent", to: contact.email, messageId, payload: { quoteId: id } }]);
    const total = (current.totalCents / 100).toFixed(2);
    await insertContactEvent(tx, {
      clientId: current.clientId,
      kind: "quote_sent",
      actorId: staff.id,
      actorName: staff.displayName,
      data: { quoteId: id, number, total },
    });
    return { number, total, clientId: current.clientId };
  });
  if (outcome === "missing") return undefined;
  if (outcome === "changed") return conflict(db, id);
  const { clientId, ...sent } = outcome;
  publishLive(db, { kind: "quote_changed", quoteId: id, clientId, actorId: actor.staff.id });
  publishLive(db, { kind: "stage_changed", clientId, actorId: actor.staff.id });
  await recordAudit(db, { action: "quote_sent", ...auditOf(actor), details: { quoteId: id, clientId, ...sent } });
  return findQuote(db, id);
}

/** The next `COT-<year>-<n>`, in Ecuador's year. */
const nextQuoteNumber = (db: Db) => nextDocumentNumber(db, "COT", Number(today().slice(0, 4)));

/** The contact's newest message: an email about them threads under it, into their conversation. */
async function latestMessageOf(db: Db, clientId: number) {
  const [row] = await db
    .select({ id: contactMessages.id })
    .from(contactMessages)
    .where(eq(contactMessages.clientId, clientId))
    .orderBy(desc(contactMessages.createdAt))
    .limit(1);
  return row?.id;
}
