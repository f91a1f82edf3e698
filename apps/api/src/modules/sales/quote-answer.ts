import { SALES_MESSAGES } from "@app/shared/constants";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { quotes, users } from "../../db/schema/index.ts";
import { recordAudit } from "../audit/index.ts";
import { insertContactEvent } from "../contacts/index.ts";
import { queueEmails } from "../email/index.ts";
import { publishLive } from "../live/index.ts";
import { orderFromQuote } from "./order-service.ts";
import type { QuoteAnswer, QuoteLinks } from "./quote-links.ts";
import { today } from "./quote-repo.ts";

// The client's answer from the quote's email, without an account: `Aceptar cotización` makes the
// order and wins the opportunity; `Rechazar` closes the quote. Either tells the quote's owner.

export type AnswerOutcome =
  | { kind: "invalid" }
  | { kind: "expired"; number: string }
  | { kind: "answered"; number: string; state: string }
  | { kind: "ready"; number: string; total: string; answer: QuoteAnswer }
  | { kind: "done"; number: string; answer: QuoteAnswer; orderNumber?: string };

/** What the link is good for, without changing anything (the page that asks to confirm). */
export async function checkAnswer(db: Db, links: QuoteLinks, token: string): Promise<AnswerOutcome> {
  const claim = links.read(token);
  if (!claim) return { kind: "invalid" };
  const [quote] = await db
    .select({
      id: quotes.id,
      linkKey: quotes.linkKey,
      validUntil: quotes.validUntil,
      number: quotes.number,
      state: quotes.state,
      totalCents: quotes.totalCents,
    })
    .from(quotes)
    .where(eq(quotes.id, claim.quoteId));
  return judge(links, quote, claim.answer, claim.signature);
}

type Stored = {
  id: number;
  linkKey: string;
  validUntil: string;
  number: string | null;
  state: string;
  totalCents: number;
};

function judge(links: QuoteLinks, quote: Stored | undefined, answer: QuoteAnswer, signature: string): AnswerOutcome {
  if (!quote?.number || !links.verify(quote, answer, signature)) return { kind: "invalid" };
  if (quote.state !== "enviada") return { kind: "answered", number: quote.number, state: quote.state };
  if (quote.validUntil < today()) return { kind: "expired", number: quote.number };
  return { kind: "ready", number: quote.number, total: (quote.totalCents / 100).toFixed(2), answer };
}

/** The answer itself (the form's POST): once, in one transaction with its order and emails. */
export async function answerQuote(db: Db, links: QuoteLinks, token: string, ip: string): Promise<AnswerOutcome> {
  const claim = links.read(token);
  if (!claim) return { kind: "invalid" };
  let publishAfter: { clientId: number; orderId: number | undefined } | undefined;
  const outcome = await db.transaction(async (tx): Promise<AnswerOutcome> => {
    const [quote] = await tx.select().from(quotes).where(eq(quotes.id, claim.quoteId)).for("update");
    const judged = judge(links, quote, claim.answer, claim.signature);
    if (judged.kind !== "ready" || !quote?.number) return judged;
    const accepted = claim.answer === "accept";
    await tx
      .update(quotes)
      .set({
        state: accepted ? "aceptada" : "rechazada",
        answeredAt: sql`now()`,
        updatedAt: sql`now()`,
        version: sql`${quotes.version} + 1`,
      })
      .where(eq(quotes.id, quote.id));
    const total = (quote.totalCents / 100).toFixed(2);
    await insertContactEvent(tx, {
      clientId: quote.clientId,
      kind: accepted ? "quote_accepted" : "quote_rejected",
      data: { quoteId: quote.id, number: quote.number, total },
    });
    const order = accepted ? await orderFromQuote(tx, quote.id, null) : undefined;
    publishAfter = { clientId: quote.clientId, orderId: order?.id };
    const [owner] =
      quote.ownerId === null
        ? []
        : await tx.select({ email: users.email }).from(users).where(eq(users.id, quote.ownerId));
    if (owner?.email) {
      await queueEmails(tx, [
        {
          kind: "quote_answered",
          to: owner.email,
          payload: { quoteId: quote.id, answer: claim.answer, orderNumber: order?.number ?? null },
        },
      ]);
    }
    return {
      kind: "done",
      number: quote.number,
      answer: claim.answer,
      ...(order ? { orderNumber: order.number } : {}),
    };
  });
  if (publishAfter) {
    const { clientId, orderId } = publishAfter;
    publishLive(db, { kind: "quote_changed", quoteId: claim.quoteId, clientId });
    publishLive(db, { kind: "stage_changed", clientId });
    if (orderId !== undefined) publishLive(db, { kind: "order_changed", orderId, clientId });
  }
  if (outcome.kind === "done") {
    await recordAudit(db, {
      action: "quote_answered",
      ip,
      actorUsername: "cliente",
      details: {
        quoteId: claim.quoteId,
        clientId: publishAfter?.clientId,
        number: outcome.number,
        answer: outcome.answer,
        order: outcome.orderNumber,
      },
    });
  }
  return outcome;
}

export const ANSWER_MESSAGES = {
  invalid: "Este enlace no es válido o fue reemplazado por uno más reciente. Escríbenos y te ayudamos.",
  expired: SALES_MESSAGES.expired,
} as const;
