import { z } from "zod";
import { ORDER_STATES, PAYMENT_TERMS } from "../sales-rules.ts";
import { quoteLineInputSchema, quoteLineSchema, quoteSchema } from "./quotes.ts";

// Orders (`Pedidos`, issue 33): from an accepted quote, or made by staff; their states and delivery.

const id = z.number().int().min(1).max(2_147_483_647);
const version = z.number().int().min(0).max(2_147_483_647);

const day = (label: string) =>
  z
    .string({ error: `${label}: elige una fecha.` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: `${label}: elige una fecha.` })
    .refine((text) => !Number.isNaN(Date.parse(`${text}T00:00:00Z`)), { error: `${label}: esa fecha no existe.` });

/** An order staff write themselves (a client who orders by phone): for an opportunity or a contact's current one. */
export const orderCreateSchema = z
  .object({
    opportunityId: id.optional(),
    clientId: id.optional(),
    deliveryOn: day("Fecha de entrega").nullable().default(null),
    paymentTerms: z.enum(PAYMENT_TERMS, { error: "Condiciones de pago: elige contado, crédito 30 o 60 días." }),
    notes: z.string().trim().max(1000, { error: "Notas: hasta 1000 caracteres." }).default(""),
    lines: z
      .array(quoteLineInputSchema)
      .min(1, { error: "Agrega al menos una línea al pedido." })
      .max(60, { error: "Un pedido lleva hasta 60 líneas." }),
  })
  .refine((input) => input.opportunityId !== undefined || input.clientId !== undefined, {
    error: "Elige la oportunidad o el contacto del pedido.",
    path: ["opportunityId"],
  });
export type OrderCreateInput = z.infer<typeof orderCreateSchema>;

/** `Despachado`, `Entregado`, `Cancelado`, and the delivery date, with the version the person saw. */
export const orderChangeSchema = z.object({
  state: z.enum(ORDER_STATES, { error: "Estado: elige uno de la lista." }),
  deliveryOn: day("Fecha de entrega").nullable().optional(),
  version,
});
export type OrderChangeInput = z.infer<typeof orderChangeSchema>;

export const orderSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  state: z.enum(ORDER_STATES),
  opportunity: quoteSchema.shape.opportunity,
  client: quoteSchema.shape.client,
  company: quoteSchema.shape.company,
  quote: z.object({ id: z.number().int(), number: z.string().nullable() }).nullable(),
  deliveryOn: z.string().nullable(),
  paymentTerms: z.enum(PAYMENT_TERMS),
  notes: z.string(),
  lines: z.array(quoteLineSchema),
  gross: z.string(),
  discount: z.string(),
  subtotal: z.string(),
  ivaBases: quoteSchema.shape.ivaBases,
  iva: z.string(),
  total: z.string(),
  ownerName: z.string().nullable(),
  createdAt: z.string(),
  version: z.number().int(),
  /**
   * When the buyer is expected to order again, if this is its latest order: every `gapDays` (the
   * median of its orders' spacing, or 90 days after a first order), reminding the owner on `remindOn`.
   */
  nextOrder: z
    .object({
      expectedOn: z.string(),
      gapDays: z.number().int(),
      ordersCounted: z.number().int(),
      remindOn: z.string(),
    })
    .nullable(),
});
export type Order = z.infer<typeof orderSchema>;

export const orderSummarySchema = orderSchema
  .pick({ id: true, number: true, state: true, deliveryOn: true, total: true, createdAt: true })
  .extend({ clientId: z.number().int(), clientName: z.string(), companyName: z.string() });
export type OrderSummary = z.infer<typeof orderSummarySchema>;

export const orderListQuerySchema = z.object({
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  size: z.coerce.number().int().min(1).max(100).default(20),
  state: z.enum(ORDER_STATES).optional(),
  clientId: z.coerce.number().int().min(1).optional(),
  companyId: z.coerce.number().int().min(1).optional(),
});

export const orderPageSchema = z.object({
  content: z.array(orderSummarySchema),
  pageNumber: z.number().int(),
  totalElements: z.number().int(),
  totalPages: z.number().int(),
  isFirstPage: z.boolean(),
  isLastPage: z.boolean(),
});
export type OrderPage = z.infer<typeof orderPageSchema>;
