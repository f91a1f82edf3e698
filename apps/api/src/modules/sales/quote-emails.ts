import { BRAND, PAYMENT_TERMS_LABELS } from "@app/shared/constants";
import type { Db } from "../../db/client.ts";
import { businessDay } from "../../kernel/business-time.ts";
import {
  type ClaimedEmail,
  type Email,
  type EmailLinks,
  type EmailRenderers,
  escapeHtml,
  layout,
  paragraphs,
} from "../email/index.ts";
import { readContactDetails } from "../site/index.ts";
import { longDate, usd } from "./document-format.ts";
import type { QuoteLinks } from "./quote-links.ts";
import { renderQuotePdf } from "./quote-pdf.ts";
import { findQuote } from "./quote-repo.ts";

// The quote's emails, built when each one leaves (decision 050): to the client, the quote with its
// PDF and the two answer links; to the owner, the client's answer.

const button = (href: string, label: string, color: string) =>
  `<a href="${escapeHtml(href)}" style="display:inline-block;margin:8px 8px 0 0;padding:12px 20px;border-radius:999px;background:${color};color:#ffffff;font-weight:bold;text-decoration:none">${escapeHtml(label)}</a>`;

async function quoteSent(db: Db, email: ClaimedEmail, { publicUrl }: EmailLinks, links: QuoteLinks): Promise<Email> {
  const { quoteId } = (email.payload ?? {}) as { quoteId?: number };
  const quote = quoteId === undefined ? undefined : await findQuote(db, quoteId);
  if (!quote?.number) throw new Error(`quote ${quoteId} is gone or was never numbered`);
  const supplier = await readContactDetails(db);
  const answer = (kind: "accept" | "reject") =>
    `${publicUrl}/cotizacion/${links.token({ id: quote.id, linkKey: quote.linkKey, validUntil: quote.validUntil }, kind)}`;
  const accept = answer("accept");
  const reject = answer("reject");
  const pdf = await renderQuotePdf({ quote, supplier, issuedOn: businessDay(new Date(quote.issuedAt ?? Date.now())) });
  const greeting = `Hola, ${quote.client.name}:`;
  const intro = `Te enviamos la cotización ${quote.number} de ${BRAND.name}, con un total de ${usd(quote.total)} (IVA incluido). Va adjunta en PDF.`;
  const terms = `Válida hasta el ${longDate(quote.validUntil)}. Condiciones de pago: ${PAYMENT_TERMS_LABELS[quote.paymentTerms]}.`;
  const close = `Si tienes preguntas, responde a este correo o escríbenos por WhatsApp al ${supplier.whatsapp}.\n\n${quote.ownerName}\n${BRAND.name}`;
  return {
    subject: `Cotización ${quote.number} de ${BRAND.name}`,
    text: [greeting, "", intro, terms, "", `Para aceptarla: ${accept}`, `Para rechazarla: ${reject}`, "", close].join(
      "\n",
    ),
    html: layout(
      `Cotización ${quote.number}`,
      `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p><p>${escapeHtml(terms)}</p><p>${button(accept, "Aceptar cotización", "#245c3a")}${button(reject, "Rechazar", "#8a2c3f")}</p><p>${paragraphs(close)}</p>`,
    ),
    attachments: [{ filename: `${quote.number}.pdf`, content: pdf, contentType: "application/pdf" }],
  };
}

async function quoteAnswered(db: Db, email: ClaimedEmail, { publicUrl }: EmailLinks): Promise<Email> {
  const { quoteId, answer, orderNumber } = (email.payload ?? {}) as {
    quoteId?: number;
    answer?: "accept" | "reject";
    orderNumber?: string | null;
  };
  const quote = quoteId === undefined ? undefined : await findQuote(db, quoteId);
  if (!quote?.number) throw new Error(`quote ${quoteId} is gone`);
  const who = quote.company?.name || quote.client.company || quote.client.name;
  const what =
    answer === "accept"
      ? `${who} aceptó la cotización ${quote.number} por ${usd(quote.total)}.${orderNumber ? ` Se creó el pedido ${orderNumber}.` : ""}`
      : `${who} rechazó la cotización ${quote.number}.`;
  const link = `${publicUrl}/crm/cotizaciones/${quote.id}`;
  return {
    subject: answer === "accept" ? `Cotización ${quote.number} aceptada` : `Cotización ${quote.number} rechazada`,
    text: `${what}\n\nVer la cotización: ${link}`,
    html: layout(quote.number, `<p>${escapeHtml(what)}</p><p><a href="${escapeHtml(link)}">Ver la cotización</a></p>`),
  };
}

/** The sales module's emails; the links are signed with the server's key. */
export const salesEmailRenderers = (links: QuoteLinks): EmailRenderers<"quote_sent" | "quote_answered"> => ({
  quote_sent: (db, email, urls) => quoteSent(db, email, urls, links),
  quote_answered: quoteAnswered,
});
