// Quotes and orders (issue 33): their states, payment terms and limits, as staff and clients read
// them. The words are the contract's (`Borrador`, `Enviada`, … `Confirmado`, `Despachado`, …).

export const QUOTE_STATES = ["borrador", "enviada", "aceptada", "rechazada", "vencida"] as const;
export type QuoteState = (typeof QUOTE_STATES)[number];

export const QUOTE_STATE_LABELS: Record<QuoteState, string> = {
  borrador: "Borrador",
  enviada: "Enviada",
  aceptada: "Aceptada",
  rechazada: "Rechazada",
  vencida: "Vencida",
};

export const ORDER_STATES = ["confirmado", "despachado", "entregado", "cancelado"] as const;
export type OrderState = (typeof ORDER_STATES)[number];

export const ORDER_STATE_LABELS: Record<OrderState, string> = {
  confirmado: "Confirmado",
  despachado: "Despachado",
  entregado: "Entregado",
  cancelado: "Cancelado",
};

export const PAYMENT_TERMS = ["contado", "credito_30", "credito_60"] as const;
export type PaymentTerms = (typeof PAYMENT_TERMS)[number];

export const PAYMENT_TERMS_LABELS: Record<PaymentTerms, string> = {
  contado: "Contado",
  credito_30: "Crédito 30 días",
  credito_60: "Crédito 60 días",
};

export const SALES_LIMITS = {
  /** Lines of one quote or order. */
  lines: 60,
  deliveryNotes: 1000,
  /** A quote is valid for at most this many days after today. */
  validityMaxDays: 180,
  /** What a new quote proposes. */
  validityDefaultDays: 15,
  /** Quantity of one line, and the highest unit price, in their own units. */
  quantityMax: 1_000_000,
  unitPriceMax: 1_000_000,
} as const;

export const SALES_MESSAGES = {
  quoteNotFound: "No encontramos esa cotización.",
  orderNotFound: "No encontramos ese pedido.",
  notDraft: "Solo se modifica una cotización en borrador; esta ya fue emitida.",
  noLines: "Agrega al menos una línea a la cotización.",
  unknownPriceItem: "Esa presentación no está en el catálogo de precios o ya no se ofrece.",
  opportunityNotFound: "No encontramos esa oportunidad.",
  noEmail: "El contacto no tiene un correo al que enviar la cotización.",
  expired: "La cotización venció: emite una nueva con precios de hoy.",
  answered: "Esta cotización ya fue respondida.",
} as const;
