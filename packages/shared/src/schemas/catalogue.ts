import { z } from "zod";
import { type DecimalKind, formatScaled, parseDecimal } from "../money.ts";

// The staff's priced catalogue (`Catálogo de precios`, issue 33): each product of the site in its
// presentations (`Chrysal RVB y RVB Clear` in 5 L), with a USD list price and an IVA rate. Decimals
// travel as text ("12.50" in, the stored "12.500000" out) and are read without floating point.

export const PRESENTATION_UNITS = ["L", "ml", "kg", "g", "unidad"] as const;
export type PresentationUnit = (typeof PRESENTATION_UNITS)[number];

/** The rates the screen offers: Ecuador's general IVA and the 0% of the goods the law exempts. */
export const IVA_CHOICES = ["15.00", "0.00"] as const;

export const PRICE_LIMITS = { code: 40 } as const;

export const PRICE_MESSAGES = {
  productRequired: "Elige el producto",
  productUnknown: "Elige un producto que esté en el sitio: ese no existe, se retiró o es un servicio",
  codeRequired: "Escribe el código de la presentación",
  codeTooLong: `El código no puede superar los ${PRICE_LIMITS.code} caracteres`,
  codeCharacters: "El código solo admite letras sin tilde, números, guiones, puntos y barras (por ejemplo RVB-5L)",
  codeTaken: "Ya existe una presentación con ese código",
  sizeRequired: "Escribe el tamaño de la presentación",
  sizeInvalid: "El tamaño debe ser un número mayor que cero con hasta 3 decimales, por ejemplo 5 o 0,5",
  unitRequired: "Elige la unidad de la presentación",
  priceRequired: "Escribe el precio de lista",
  priceInvalid:
    "El precio de lista debe ser un número de hasta 12 cifras sin signos ni separadores de miles, por ejemplo 12,50",
  priceDecimals: "El precio de lista admite hasta 6 decimales",
  ivaRequired: "Elige el IVA",
  ivaInvalid: "El IVA debe ser un porcentaje entre 0 y 100 con hasta 2 decimales, por ejemplo 15",
  asText: 'Envía los números como texto, por ejemplo "12.50"',
  nothingToChange: "No hay cambios que guardar",
  notFound: "No existe esa presentación.",
  changedMeanwhile:
    "Otra persona cambió esta presentación mientras la editabas. Revisa sus datos actuales y guarda de nuevo.",
} as const;

/** A required text field's type error: missing, or sent as a JSON number by an API client. */
const textOnly = (required: string) => ({
  error: (issue: { input: unknown }) => (typeof issue.input === "number" ? PRICE_MESSAGES.asText : required),
});

/** A decimal of `kind` as typed ("12,5", "12.500000"), as the API writes it ("12.500000"). */
function decimalField(kind: DecimalKind, messages: { required: string; invalid: string; decimals?: string }) {
  return z
    .string(textOnly(messages.required))
    .trim()
    .min(1, { error: messages.required, abort: true })
    .transform((text, context) => {
      const read = parseDecimal(text, kind);
      if ("value" in read) return formatScaled(read.value, kind);
      // parseDecimal says what is wrong in general terms; the person reads which field it is.
      const tooPrecise = /^\d{1,12}[.,]\d+$/.test(text);
      context.addIssue({
        code: "custom",
        message: tooPrecise && messages.decimals ? messages.decimals : messages.invalid,
      });
      return z.NEVER;
    });
}

const listPrice = decimalField("unitPrice", {
  required: PRICE_MESSAGES.priceRequired,
  invalid: PRICE_MESSAGES.priceInvalid,
  decimals: PRICE_MESSAGES.priceDecimals,
});

const ivaPercent = decimalField("percent", { required: PRICE_MESSAGES.ivaRequired, invalid: PRICE_MESSAGES.ivaInvalid })
  // "100.00" and below: compared as text of one shape, no number involved.
  .refine((value) => value.length < 6 || value === "100.00", { error: PRICE_MESSAGES.ivaInvalid });

/** numeric(12,3): up to 9 whole digits and 3 decimals, more than zero; written with 3 decimals. */
const size = z
  .string(textOnly(PRICE_MESSAGES.sizeRequired))
  .trim()
  .min(1, { error: PRICE_MESSAGES.sizeRequired, abort: true })
  .regex(/^\d{1,9}(?:[.,]\d{1,3})?$/, { error: PRICE_MESSAGES.sizeInvalid, abort: true })
  .transform((text) => {
    const [whole = "0", fraction = ""] = text.split(/[.,]/);
    return `${whole.replace(/^0+(?=\d)/, "")}.${fraction.padEnd(3, "0")}`;
  })
  .refine((value) => /[1-9]/.test(value), { error: PRICE_MESSAGES.sizeInvalid });

/** Codes are read aloud and typed on phones: plain letters and digits, kept in capitals, unique. */
const code = z
  .string(textOnly(PRICE_MESSAGES.codeRequired))
  .trim()
  .min(1, { error: PRICE_MESSAGES.codeRequired, abort: true })
  .max(PRICE_LIMITS.code, { error: PRICE_MESSAGES.codeTooLong, abort: true })
  .regex(/^[A-Za-z0-9][A-Za-z0-9./_-]*$/, { error: PRICE_MESSAGES.codeCharacters })
  .transform((text) => text.toUpperCase());

const unit = z.enum(PRESENTATION_UNITS, { error: PRICE_MESSAGES.unitRequired });
const id = z.number({ error: PRICE_MESSAGES.productRequired }).int().min(1).max(2_147_483_647);
const version = z.number().int().min(0).max(2_147_483_647);

const fields = { serviceTypeId: id, code, size, unit, listPrice, ivaPercent, active: z.boolean() };

/** `POST /api/price-items`: IVA 15% and active unless said otherwise. The screen's form uses it too. */
export const priceItemInputSchema = z.strictObject({
  ...fields,
  ivaPercent: ivaPercent.default("15.00"),
  active: fields.active.default(true),
});
export type PriceItemInput = z.input<typeof priceItemInputSchema>;
export type PriceItemValues = z.output<typeof priceItemInputSchema>;

/** `PATCH /api/price-items/:id`: the fields that change, with the version the person saw. */
export const priceItemChangeSchema = z
  .strictObject({
    version,
    serviceTypeId: id.optional(),
    code: code.optional(),
    size: size.optional(),
    unit: unit.optional(),
    listPrice: listPrice.optional(),
    ivaPercent: ivaPercent.optional(),
    active: z.boolean().optional(),
  })
  .refine((change) => Object.keys(change).length > 1, { error: PRICE_MESSAGES.nothingToChange });
export type PriceItemChangeInput = z.input<typeof priceItemChangeSchema>;
export type PriceItemChange = z.output<typeof priceItemChangeSchema>;

export const priceItemSchema = z.object({
  id: z.number().int(),
  serviceTypeId: z.number().int(),
  productTitle: z.string(),
  code: z.string(),
  /** As stored: "5.000". */
  size: z.string(),
  unit: z.enum(PRESENTATION_UNITS),
  /** USD, as stored: "12.500000". */
  listPrice: z.string(),
  /** As stored: "15.00". */
  ivaPercent: z.string(),
  active: z.boolean(),
  /** "Chrysal RVB y RVB Clear · 5 L": what a quote line says. */
  description: z.string(),
  updatedAt: z.string(),
  /** Who changed it last (display name); null when nobody did through the CRM. */
  updatedBy: z.string().nullable(),
  version: z.number().int(),
});
export type PriceItem = z.infer<typeof priceItemSchema>;
export const priceItemListSchema = z.array(priceItemSchema);

const flag = z.enum(["true", "false"], { error: "Usa true o false" }).transform((text) => text === "true");

/** `GET /api/price-items`: all of them, or only the active (or inactive) ones, or one product's. */
export const priceItemListQuerySchema = z.object({
  active: flag.optional(),
  serviceTypeId: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
});

/** `GET /api/price-items/products`: the products a presentation may belong to. */
export const priceProductListSchema = z.array(z.object({ id: z.number().int(), title: z.string() }));
export type PriceProduct = z.infer<typeof priceProductListSchema>[number];

/** One line of a presentation's `Historial de precios`; the old values are null at its creation. */
export const priceChangeSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actorName: z.string(),
  oldPrice: z.string().nullable(),
  newPrice: z.string(),
  oldIvaPercent: z.string().nullable(),
  newIvaPercent: z.string(),
});
export type PriceChange = z.infer<typeof priceChangeSchema>;
export const priceChangeListSchema = z.array(priceChangeSchema);

// Words for people, from the stored decimals: text in, text out, so nothing is rounded on the way.

const groupThousands = (whole: string) => whole.replace(/\B(?=(\d{3})+(?!\d))/g, ".");

/** "5.000" -> "5", "0.500" -> "0,5", "2000.000" -> "2.000", as people in Ecuador write them. */
function decimalText(value: string, minimumDecimals = 0) {
  const [whole = "0", fraction = ""] = value.split(".");
  const kept = fraction.replace(/0+$/, "").padEnd(minimumDecimals, "0");
  return `${groupThousands(whole)}${kept ? `,${kept}` : ""}`;
}

const UNIT_WORDS: Record<PresentationUnit, [one: string, many: string]> = {
  L: ["L", "L"],
  ml: ["ml", "ml"],
  kg: ["kg", "kg"],
  g: ["g", "g"],
  unidad: ["unidad", "unidades"],
};

/** "5 L", "500 ml", "2.000 unidades". */
export function presentationLabel(size: string, unit: PresentationUnit) {
  const [one, many] = UNIT_WORDS[unit];
  const text = decimalText(size);
  return `${text} ${text === "1" ? one : many}`;
}

/** "Chrysal RVB y RVB Clear · 5 L". */
export const presentationDescription = (productTitle: string, size: string, unit: PresentationUnit) =>
  `${productTitle} · ${presentationLabel(size, unit)}`;

/** "$1.234,50", or "$0,123456" for a price of more decimals: the dashboard's look, exactly. */
export const formatPrice = (decimal: string) => `$${decimalText(decimal, 2)}`;

/** "15 %", "12,5 %". */
export const formatIvaPercent = (decimal: string) => `${decimalText(decimal)} %`;
