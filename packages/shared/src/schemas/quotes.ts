import { z } from "zod";
import { type DecimalKind, MONEY_SCALES, parseDecimal } from "../money.ts";
import { PAYMENT_TERMS, QUOTE_STATES, SALES_LIMITS, SALES_MESSAGES } from "../sales-rules.ts";

// Quotes (`Cotizaciones`) and their lines, as the API takes and gives them (issue 33). Quantities,
// prices and percentages travel as decimal text ("12.50") and amounts as dollars with two decimals
// ("1234.50"): exact, never a binary fraction.

const id = z.number().int().min(1).max(2_147_483_647);
const version = z.number().int().min(0).max(2_147_483_647);

/** A decimal typed by a person, checked as `@app/shared/money` reads it; the message names the field. */
function decimalText(kind: DecimalKind, label: string, limits: { positive?: boolean; max: number }) {
  return z
    .string({ error: `${label}: escribe un número.` })
    .trim()
    .min(1, { error: `${label}: escribe un número.` })
    .superRefine((text, context) => {
      const parsed = parseDecimal(text, kind);
      if ("problem" in parsed) {
        context.addIssue({ code: "custom", message: `${label}: ${parsed.problem}` });
      } else if (limits.positive && parsed.value === 0n) {
        context.addIssue({ code: "custom", message: `${label}: debe ser mayor que cero.` });
      } else if (parsed.value > BigInt(limits.max) * 10n ** BigInt(MONEY_SCALES[kind])) {
        context.addIssue({
          code: "custom",
          message: `${label}: no puede pasar de ${limits.max.toLocaleString("es-EC")}.`,
        });
      }
    });
}

/** "2026-12-15": a calendar day in Ecuador. */
const day = (label: string) =>
  z
    .string({ error: `${label}: elige una fecha.` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: `${label}: elige una fecha.` })
    .refine((text) => !Number.isNaN(Date.parse(`${text}T00:00:00Z`)), { error: `${label}: esa fecha no existe.` });

export const quoteLineInputSchema = z.object({
  priceItemId: id,
  quantity: decimalText("quantity", "Cantidad", { positive: true, max: SALES_LIMITS.quantityMax }),
  /** Omitted: the catalogue's list price today. */
  unitPrice: decimalText("unitPrice", "Precio unitario", { max: SALES_LIMITS.unitPriceMax }).optional(),
  discountPercent: decimalText("percent", "Descuento", { max: 100 }).optional(),
});
export type QuoteLineInput = z.infer<typeof quoteLineInputSchema>;

const quoteFields = {
  validUntil: day("Válida hasta"),
  paymentTerms: z.enum(PAYMENT_TERMS, { error: "Condiciones de pago: elige contado, crédito 30 o 60 días." }),
  deliveryNotes: z
    .string()
    .trim()
    .max(SALES_LIMITS.deliveryNotes, { error: `Notas de entrega: hasta ${SALES_LIMITS.deliveryNotes} caracteres.` })
    .default(""),
  lines: z
    .array(quoteLineInputSchema)
    .min(1, { error: SALES_MESSAGES.noLines })
    .max(SALES_LIMITS.lines, { error: `Una cotización lleva hasta ${SALES_LIMITS.lines} líneas.` }),
};

/** `Nueva cotización`: for an opportunity, or for a contact's current one. */
export const quoteCreateSchema = z
  .object({ opportunityId: id.optional(), clientId: id.optional(), ...quoteFields })
  .refine((input) => input.opportunityId !== undefined || input.clientId !== undefined, {
    error: "Elige la oportunidad o el contacto de la cotización.",
    path: ["opportunityId"],
  });
export type QuoteCreateInput = z.infer<typeof quoteCreateSchema>;

/** A draft's new content, with the version the person edited. */
export const quoteUpdateSchema = z.object({ ...quoteFields, version });
export type QuoteUpdateInput = z.infer<typeof quoteUpdateSchema>;

export const versionInputSchema = z.object({ version });

const money = z.string().describe("US dollars with two decimals, e.g. 1234.50");

export const quoteLineSchema = z.object({
  position: z.number().int(),
  priceItemId: z.number().int(),
  description: z.string(),
  quantity: z.string(),
  unitPrice: z.string(),
  discountPercent: z.string(),
  ivaPercent: z.string(),
  subtotal: money,
});

export const quoteSchema = z.object({
  id: z.number().int(),
  number: z.string().nullable(),
  /** As the client sees it: an `Enviada` quote past its date is `Vencida`. */
  state: z.enum(QUOTE_STATES),
  opportunity: z.object({ id: z.number().int(), title: z.string(), stage: z.string() }),
  client: z.object({ id: z.number().int(), name: z.string(), email: z.string(), company: z.string() }),
  company: z.object({ id: z.number().int(), name: z.string(), ruc: z.string().nullable() }).nullable(),
  validUntil: z.string(),
  paymentTerms: z.enum(PAYMENT_TERMS),
  deliveryNotes: z.string(),
  lines: z.array(quoteLineSchema),
  gross: money,
  discount: money,
  subtotal: money,
  ivaBases: z.array(z.object({ ivaPercent: z.string(), base: money, iva: money })),
  iva: money,
  total: money,
  owner: z.object({ id: z.number().int(), displayName: z.string() }).nullable(),
  ownerName: z.string(),
  issuedAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  answeredAt: z.string().nullable(),
  createdAt: z.string(),
  orderId: z.number().int().nullable(),
  version: z.number().int(),
});
export type Quote = z.infer<typeof quoteSchema>;

export const quoteSummarySchema = quoteSchema
  .pick({
    id: true,
    number: true,
    state: true,
    validUntil: true,
    total: true,
    ownerName: true,
    createdAt: true,
    orderId: true,
  })
  .extend({
    clientId: z.number().int(),
    clientName: z.string(),
    companyName: z.string(),
  });
export type QuoteSummary = z.infer<typeof quoteSummarySchema>;

export const quoteListQuerySchema = z.object({
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  size: z.coerce.number().int().min(1).max(100).default(20),
  state: z.enum(QUOTE_STATES).optional(),
  clientId: z.coerce.number().int().min(1).optional(),
});

export const quotePageSchema = z.object({
  content: z.array(quoteSummarySchema),
  pageNumber: z.number().int(),
  totalElements: z.number().int(),
  totalPages: z.number().int(),
  isFirstPage: z.boolean(),
  isLastPage: z.boolean(),
});
export type QuotePage = z.infer<typeof quotePageSchema>;
