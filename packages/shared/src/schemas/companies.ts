import { z } from "zod";
import { hasNoControlCharacters, isSingleLine, isWellFormedText } from "../contact-rules.ts";
import { STAGES } from "../crm-rules.ts";
import { rucProblem } from "../ruc.ts";
import { pagedSchema } from "./common.ts";
import { TIMELINE_KINDS } from "./pipeline.ts";
import { requiredText } from "./text-field.ts";

// Companies (`Empresas`, issue 33): the farms and exporters that buy, their people, sales and
// timeline. One rule per field for the form and the API; each message names its field.

export const COMPANY_LIMITS = {
  name: 160,
  place: 80,
  address: 300,
  varieties: 500,
  markets: 300,
  notes: 5000,
  /** numeric(8,2) holds up to 999 999,99. */
  hectaresMax: 999_999.99,
  stemsPerWeekMax: 100_000_000,
  pageSizeMax: 50,
  keyword: 100,
  /** Suggestions for a contact's typed company, best first. */
  suggestions: 5,
} as const;

export const COMPANY_MESSAGES = {
  nameRequired: "Escribe el nombre de la empresa",
  rucTaken: "Ya existe una empresa con ese RUC",
  notFound: "No existe esa empresa.",
  changedMeanwhile:
    "Otra persona cambió esta empresa mientras la veías. Revisa los datos actuales e inténtalo de nuevo.",
  hasPeople: "La empresa tiene personas vinculadas: quítalas o fusiónala con otra antes de eliminarla.",
  mergeItself: "Elige otra empresa: no se puede fusionar una empresa consigo misma.",
  nothingToChange: "No hay cambios que guardar",
} as const;

const badCharacters = (label: string) => `${label}: el texto contiene caracteres no válidos`;

/** An optional text field: trimmed, NFC, bounded; empty when nobody knows it. */
const optionalText = (label: string, max: number, lines: "single" | "multi") =>
  z
    .string({ error: `${label}: escribe un texto` })
    .max(max, { error: `${label}: no puede superar los ${max} caracteres` })
    .refine(lines === "single" ? isSingleLine : hasNoControlCharacters, { error: badCharacters(label) })
    .refine(isWellFormedText, { error: badCharacters(label) })
    .transform((text) => text.trim().normalize("NFC"));

/** 13 digits checked as the SRI issues them (`@app/shared/ruc`); empty or null: nobody has it yet. */
export const rucField = z
  .string({ error: "RUC: escribe 13 dígitos" })
  .trim()
  .superRefine((ruc, context) => {
    const problem = ruc === "" ? null : rucProblem(ruc);
    if (problem) context.addIssue({ code: "custom", message: problem });
  })
  .transform((ruc) => (ruc === "" ? null : ruc))
  .nullable();

export const hectaresField = z
  .number({ error: "Hectáreas: escribe un número" })
  .min(0, { error: "Hectáreas: no pueden ser negativas" })
  .max(COMPANY_LIMITS.hectaresMax, { error: "Hectáreas: el número es demasiado alto" })
  .multipleOf(0.01, { error: "Hectáreas: usa como máximo dos decimales" })
  .nullable();

export const stemsPerWeekField = z
  .number({ error: "Tallos por semana: escribe un número" })
  .int({ error: "Tallos por semana: escribe un número entero" })
  .min(0, { error: "Tallos por semana: no pueden ser negativos" })
  .max(COMPANY_LIMITS.stemsPerWeekMax, { error: "Tallos por semana: el número es demasiado alto" })
  .nullable();

const L = COMPANY_LIMITS;

/** What staff write of a company; the form's schema (features/companies) turns its texts into these. */
export const companyFields = {
  name: requiredText(
    L.name,
    {
      required: COMPANY_MESSAGES.nameRequired,
      tooLong: `Nombre: no puede superar los ${L.name} caracteres`,
      badCharacters: badCharacters("Nombre"),
      lineBreak: "Nombre: no puede contener saltos de línea",
    },
    "single",
  ),
  ruc: rucField.optional().default(null),
  province: optionalText("Provincia", L.place, "single").default(""),
  canton: optionalText("Cantón", L.place, "single").default(""),
  address: optionalText("Dirección", L.address, "single").default(""),
  hectares: hectaresField.optional().default(null),
  varieties: optionalText("Variedades principales", L.varieties, "multi").default(""),
  stemsPerWeek: stemsPerWeekField.optional().default(null),
  markets: optionalText("Mercados", L.markets, "multi").default(""),
  notes: optionalText("Notas", L.notes, "multi").default(""),
};

/** `POST /api/companies`: only the name is required. */
export const newCompanySchema = z.strictObject(companyFields);
export type NewCompanyInput = z.input<typeof newCompanySchema>;
export type CompanyValues = z.output<typeof newCompanySchema>;

const version = z.number().int().min(0).max(2_147_483_647);

/** `PATCH /api/companies/:id`: the fields that change, with the version the person saw. */
export const companyChangeSchema = z
  .strictObject({
    version,
    name: companyFields.name.optional(),
    ruc: rucField.optional(),
    province: optionalText("Provincia", L.place, "single").optional(),
    canton: optionalText("Cantón", L.place, "single").optional(),
    address: optionalText("Dirección", L.address, "single").optional(),
    hectares: hectaresField.optional(),
    varieties: optionalText("Variedades principales", L.varieties, "multi").optional(),
    stemsPerWeek: stemsPerWeekField.optional(),
    markets: optionalText("Mercados", L.markets, "multi").optional(),
    notes: optionalText("Notas", L.notes, "multi").optional(),
  })
  .refine((change) => Object.keys(change).length > 1, { error: COMPANY_MESSAGES.nothingToChange });
export type CompanyChangeInput = z.input<typeof companyChangeSchema>;
export type CompanyChange = z.output<typeof companyChangeSchema>;

export const companySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  ruc: z.string().nullable(),
  province: z.string(),
  canton: z.string(),
  address: z.string(),
  hectares: z.number().nullable(),
  varieties: z.string(),
  stemsPerWeek: z.number().int().nullable(),
  markets: z.string(),
  notes: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type Company = z.infer<typeof companySchema>;

/** A company named in another's answer: a link to it and what tells two apart. */
export const companyRefSchema = companySchema.pick({ id: true, name: true, ruc: true });
export type CompanyRef = z.infer<typeof companyRefSchema>;

const companyListItemSchema = companySchema
  .pick({ id: true, name: true, ruc: true, province: true, canton: true })
  .extend({ people: z.number().int() });
export type CompanyListItem = z.infer<typeof companyListItemSchema>;

/** `GET /api/companies`: by name, the contacts list's paged shape. */
export const companyPageSchema = pagedSchema(companyListItemSchema);
export type CompanyPage = z.infer<typeof companyPageSchema>;

const searchText = z
  .string()
  .max(L.keyword, { error: `Búsqueda: no puede superar los ${L.keyword} caracteres` })
  .refine((text) => isSingleLine(text) && isWellFormedText(text), { error: badCharacters("Búsqueda") })
  .transform((text) => text.trim().normalize("NFC"));

/** `GET /api/companies?q=&page=&size=`: `q` finds a name (accents and case aside) or a RUC. */
export const companyListQuerySchema = z.object({
  q: searchText.default(""),
  page: z.coerce.number().int().min(0).max(1_000_000).default(0),
  size: z.coerce.number().int().min(1).max(L.pageSizeMax).default(20),
});
export type CompanyListQuery = z.input<typeof companyListQuerySchema>;

const staffRef = z.object({ id: z.number().int(), displayName: z.string() });
const id = z.number().int().min(1).max(2_147_483_647);

const companyPersonSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  /** Their current opportunity's stage and owner (decision 055). */
  stage: z.enum(STAGES),
  owner: staffRef.nullable(),
});
export type CompanyPerson = z.infer<typeof companyPersonSchema>;

const companyOpportunitySchema = z.object({
  id: z.number().int(),
  clientId: z.number().int(),
  clientName: z.string(),
  title: z.string(),
  stage: z.enum(STAGES),
  owner: staffRef.nullable(),
  /** US cents; null while nobody estimated it. */
  valueCents: z.number().int().nullable(),
});
export type CompanyOpportunity = z.infer<typeof companyOpportunitySchema>;

/** A quote or an order as the company's page lists it. */
const companyDocumentSchema = z.object({
  id: z.number().int(),
  /** `COT-2026-17`, `PED-2026-4`; null for a quote still a draft. */
  number: z.string().nullable(),
  state: z.string(),
  totalCents: z.number().int(),
  /** When it was made, ISO 8601. */
  date: z.string(),
});
export type CompanyDocument = z.infer<typeof companyDocumentSchema>;

/** One line of the company's timeline: a contact timeline's line, with whose it is. */
const companyTimelineEntrySchema = z.object({
  kind: z.enum(TIMELINE_KINDS),
  at: z.string(),
  actor: z.string().nullable(),
  clientId: z.number().int(),
  clientName: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type CompanyTimelineEntry = z.infer<typeof companyTimelineEntrySchema>;

/** `GET /api/companies/:id`: the company and all that hangs on it, on one page. */
export const companyDetailSchema = z.object({
  company: companySchema,
  people: z.array(companyPersonSchema),
  opportunities: z.array(companyOpportunitySchema),
  quotes: z.array(companyDocumentSchema),
  orders: z.array(companyDocumentSchema),
  /** The newest lines first, at most a page of them. */
  timeline: z.array(companyTimelineEntrySchema),
});
export type CompanyDetail = z.infer<typeof companyDetailSchema>;

/** `POST /api/companies/:id/people`. */
export const companyPersonLinkSchema = z.strictObject({ clientId: id });

export const companyPersonParamsSchema = z.object({
  id: z.coerce.number().int().min(1).max(2_147_483_647),
  clientId: z.coerce.number().int().min(1).max(2_147_483_647),
});

/** What linking a person did: a sentence, and the company they left when they were in another. */
export const companyLinkResultSchema = z.object({
  message: z.string(),
  movedFrom: companyRefSchema.nullable(),
});
export type CompanyLinkResult = z.infer<typeof companyLinkResultSchema>;

/** `POST /api/companies/:id/merge`: `fromId` goes into `:id`. */
export const companyMergeSchema = z.strictObject({ fromId: id });

/** What a merge left: the company kept, as it is now, and how many people came with the other. */
export const companyMergeResultSchema = z.object({ company: companySchema, movedPeople: z.number().int() });
export type CompanyMergeResult = z.infer<typeof companyMergeResultSchema>;

export const companySuggestionsQuerySchema = z.object({
  clientId: z.coerce.number().int().min(1).max(2_147_483_647),
});

/**
 * `GET /api/companies/suggestions?clientId=`: the company the contact belongs to (if any), what
 * they typed, and the companies whose name is like it (best first): staff confirm one, never the API.
 */
export const companySuggestionsSchema = z.object({
  company: companyRefSchema.nullable(),
  typed: z.string(),
  suggestions: z.array(companyListItemSchema),
});
export type CompanySuggestions = z.infer<typeof companySuggestionsSchema>;
