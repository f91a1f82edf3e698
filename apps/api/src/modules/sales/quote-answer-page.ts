import { BRAND, QUOTE_STATE_LABELS, type QuoteState } from "@app/shared/constants";
import { escapeHtml } from "../email/index.ts";
import { usd } from "./document-format.ts";
import { ANSWER_MESSAGES, type AnswerOutcome } from "./quote-answer.ts";

// The page a client reaches from the quote's email: plain HTML, no script, readable on a phone. It
// asks before acting (mail scanners open links; only the button's POST answers), then says what
// happened.

const STYLE = `body{margin:0;background:#f6f3ec;font-family:Arial,Helvetica,sans-serif;color:#1c2b22;line-height:1.5}
main{max-width:520px;margin:0 auto;padding:32px 20px;background:#fff;min-height:100vh;box-sizing:border-box}
.brand{font-weight:bold;color:#245c3a;margin:0 0 24px}h1{font-size:1.5rem;margin:0 0 12px}
button{font:inherit;font-weight:bold;border:0;border-radius:999px;padding:14px 24px;min-height:48px;color:#fff;cursor:pointer}
.accept{background:#245c3a}.reject{background:#8a2c3f}button:focus-visible{outline:3px solid #1c2b22;outline-offset:2px}`;

/** The content security policy of this page: its own inline style, no script, forms to itself only. */
export const ANSWER_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

function page(title: string, body: string) {
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} · ${escapeHtml(BRAND.name)}</title><style>${STYLE}</style></head><body><main><p class="brand">${escapeHtml(BRAND.name)}</p>${body}</main></body></html>`;
}

/** The page for an outcome: a question to confirm, or what became of the answer. */
export function answerPage(outcome: AnswerOutcome): string {
  switch (outcome.kind) {
    case "invalid":
      return page("Enlace no válido", `<h1>Enlace no válido</h1><p>${escapeHtml(ANSWER_MESSAGES.invalid)}</p>`);
    case "expired":
      return page(
        "Cotización vencida",
        `<h1>La cotización ${escapeHtml(outcome.number)} venció</h1><p>${escapeHtml(ANSWER_MESSAGES.expired)} Responde al correo y te enviamos una nueva.</p>`,
      );
    case "answered":
      return page(
        "Cotización ya respondida",
        `<h1>La cotización ${escapeHtml(outcome.number)} ya fue respondida</h1><p>Su estado es: ${escapeHtml(QUOTE_STATE_LABELS[outcome.state as QuoteState] ?? outcome.state)}. Si necesitas cambiar algo, responde al correo.</p>`,
      );
    case "ready": {
      const accept = outcome.answer === "accept";
      const question = accept
        ? `¿Aceptas la cotización ${outcome.number} por ${usd(outcome.total)}?`
        : `¿Rechazas la cotización ${outcome.number}?`;
      const button = accept
        ? `<button type="submit" class="accept">Aceptar cotización</button>`
        : `<button type="submit" class="reject">Rechazar</button>`;
      const after = accept
        ? "Al aceptarla confirmamos tu pedido y tu asesor se pondrá en contacto para coordinar la entrega."
        : "Al rechazarla avisamos a tu asesor; puedes pedirnos otra propuesta cuando quieras.";
      return page(
        accept ? "Aceptar cotización" : "Rechazar cotización",
        `<h1>${escapeHtml(question)}</h1><p>${escapeHtml(after)}</p><form method="post">${button}</form>`,
      );
    }
    case "done":
      return page(
        outcome.answer === "accept" ? "Cotización aceptada" : "Cotización rechazada",
        outcome.answer === "accept"
          ? `<h1>¡Gracias! Aceptaste la cotización ${escapeHtml(outcome.number)}</h1><p>Tu pedido ${escapeHtml(outcome.orderNumber ?? "")} quedó confirmado. Tu asesor te escribirá para coordinar la entrega.</p>`
          : `<h1>Rechazaste la cotización ${escapeHtml(outcome.number)}</h1><p>Gracias por avisarnos. Tu asesor quedó informado.</p>`,
      );
  }
}

/** The status each outcome answers with: a link that does not work is 404, an answer too late 410. */
export function answerStatus(outcome: AnswerOutcome) {
  if (outcome.kind === "invalid") return 404;
  if (outcome.kind === "expired") return 410;
  if (outcome.kind === "answered") return 409;
  return 200;
}
