import { z } from "zod";
import { STAGES } from "../crm-rules.ts";

// Opportunities (`Oportunidades`, issue 33): a contact's sales, several over the years; the stage
// and owner the contact dialog shows are its current one's (decision 055).

const id = z.number().int().min(1).max(2_147_483_647);
const version = z.number().int().min(0).max(2_147_483_647);

/** `Valor estimado` as typed: dollars with at most two decimals ("12500", "12500,50"). */
export const dollarsText = z
  .string({ error: "Valor estimado: escribe un monto en dólares." })
  .trim()
  .regex(/^\d{1,10}(?:[.,]\d{1,2})?$/, {
    error: "Valor estimado: escribe un monto en dólares, sin separadores de miles, con hasta dos decimales.",
  });

/** Dollars as typed -> whole cents. */
export const centsOf = (text: string) => {
  const [whole = "0", fraction = ""] = text.trim().split(/[.,]/);
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
};

const title = z
  .string({ error: "Título: escribe de qué se trata la oportunidad." })
  .trim()
  .min(1, { error: "Título: escribe de qué se trata la oportunidad." })
  .max(160, { error: "Título: hasta 160 caracteres." });

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "Cierre previsto: elige una fecha." })
  .refine((text) => !Number.isNaN(Date.parse(`${text}T00:00:00Z`)), { error: "Cierre previsto: esa fecha no existe." });

/** `Nueva oportunidad` for a contact: it becomes their current one. */
export const opportunityCreateSchema = z.object({
  clientId: id,
  title,
  ownerId: id.nullable().optional(),
  value: dollarsText.nullable().optional(),
  expectedCloseOn: day.nullable().optional(),
});
export type OpportunityCreateInput = z.infer<typeof opportunityCreateSchema>;

/** Its title, `Valor estimado` and expected close date, with the version the person saw. */
export const opportunityUpdateSchema = z.object({
  title: title.optional(),
  value: dollarsText.nullable().optional(),
  expectedCloseOn: day.nullable().optional(),
  version,
});
export type OpportunityUpdateInput = z.infer<typeof opportunityUpdateSchema>;

export const opportunitySchema = z.object({
  id: z.number().int(),
  clientId: z.number().int(),
  title: z.string(),
  stage: z.enum(STAGES),
  owner: z.object({ id: z.number().int(), displayName: z.string() }).nullable(),
  /** `Valor estimado` (or what it was won for), dollars with two decimals; null when unknown. */
  value: z.string().nullable(),
  expectedCloseOn: z.string().nullable(),
  /** Whether it is the one the contact's stage and owner are shown from. */
  current: z.boolean(),
  createdAt: z.string(),
  version: z.number().int(),
});
export type Opportunity = z.infer<typeof opportunitySchema>;

export const opportunityListSchema = z.object({ opportunities: z.array(opportunitySchema) });
