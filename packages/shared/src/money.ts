// Money for quotes and orders (issue 33): US dollars, computed exactly. Amounts are whole cents;
// quantities, unit prices and percentages are decimals read from text into integers of a fixed
// scale, multiplied as BigInt and rounded once, half up, to the cent: the way an Ecuadorian
// commercial document shows them (a line's total is its quantity times its unit price less its
// discount, each rounded to the cent; IVA is the rate applied to the sum of the lines of that rate).
// No floating point touches an amount: 0.1 + 0.2 is not 0.3 in it, and a total must add up.

/** Decimal places each kind of figure may have. */
export const MONEY_SCALES = { quantity: 2, unitPrice: 6, percent: 2 } as const;
export type DecimalKind = keyof typeof MONEY_SCALES;

/** A decimal read from text: its digits as an integer, at the scale of its kind. */
export type Scaled = bigint;

const TEN = 10n;
const pow10 = (exponent: number) => TEN ** BigInt(exponent);

/**
 * A non-negative decimal as people type it (`12.5`, `12,50`, `3`), at the scale of its kind, or a
 * Spanish problem naming what to fix. No thousands separators: `1.234` is one point two three four.
 */
export function parseDecimal(text: string, kind: DecimalKind): { value: Scaled } | { problem: string } {
  const scale = MONEY_SCALES[kind];
  const match = /^(\d{1,12})(?:[.,](\d+))?$/.exec(text.trim());
  if (!match) return { problem: "Escribe un número sin signos ni separadores de miles, por ejemplo 12,50." };
  const [, whole = "0", fraction = ""] = match;
  if (fraction.length > scale) {
    return { problem: `Usa hasta ${scale} decimales.` };
  }
  return { value: BigInt(whole) * pow10(scale) + BigInt(fraction.padEnd(scale, "0") || "0") };
}

/** The decimal's text with a point (`12.5` at scale 2 -> `12.50`), as the API writes it. */
export const formatScaled = (value: Scaled, kind: DecimalKind) => atScale(value, MONEY_SCALES[kind]);

function atScale(value: bigint, scale: number): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(scale + 1, "0");
  const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return negative ? `-${text}` : text;
}

/** `numerator / denominator` rounded half up (away from zero for negatives), as BigInt. */
function divideRounded(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const quotient = (n + d / 2n) / d;
  return negative ? -quotient : quotient;
}

/** Whole cents as a number: an amount of a quote stays far below 2^53 cents. */
const toCents = (value: bigint) => Number(value);

export type LineInput = {
  /** Scaled at `quantity` (2 decimals). */
  quantity: Scaled;
  /** Scaled at `unitPrice` (6 decimals). */
  unitPrice: Scaled;
  /** Discount in percent, scaled at `percent` (2 decimals): 0 to 100. */
  discountPercent: Scaled;
  /** IVA in percent, scaled at `percent` (15% is 1500n). */
  ivaPercent: Scaled;
};

export type LineAmounts = {
  /** Quantity times unit price, to the cent. */
  grossCents: number;
  /** The discount of that, to the cent. */
  discountCents: number;
  /** What the line adds before IVA: gross less discount. */
  subtotalCents: number;
};

/** A line's amounts: each rounded once from the exact product, so gross - discount = subtotal. */
export function lineAmounts(line: LineInput): LineAmounts {
  const unitScale = MONEY_SCALES.quantity + MONEY_SCALES.unitPrice;
  const exact = line.quantity * line.unitPrice;
  const gross = divideRounded(exact, pow10(unitScale - 2));
  // The percentage's own scale and the hundred of "per cent".
  const discount = divideRounded(exact * line.discountPercent, pow10(unitScale - 2 + MONEY_SCALES.percent + 2));
  return { grossCents: toCents(gross), discountCents: toCents(discount), subtotalCents: toCents(gross - discount) };
}

export type IvaBase = { ivaPercent: Scaled; baseCents: number; ivaCents: number };

export type DocumentTotals = {
  lines: LineAmounts[];
  /** Sum of the lines' gross amounts. */
  grossCents: number;
  /** Sum of the lines' discounts. */
  discountCents: number;
  /** Sum of the lines' subtotals: what IVA is charged on. */
  subtotalCents: number;
  /** One entry per IVA rate present (0% included: it is shown on the document), highest rate first. */
  ivaBases: IvaBase[];
  ivaCents: number;
  totalCents: number;
};

/** The totals of a quote or an order: the lines, then IVA per rate on the sum of its lines. */
export function documentTotals(lines: LineInput[]): DocumentTotals {
  const amounts = lines.map(lineAmounts);
  const bases = new Map<bigint, number>();
  lines.forEach((line, index) => {
    bases.set(line.ivaPercent, (bases.get(line.ivaPercent) ?? 0) + (amounts[index]?.subtotalCents ?? 0));
  });
  const ivaBases = [...bases]
    .sort(([a], [b]) => (a === b ? 0 : a > b ? -1 : 1))
    .map(([ivaPercent, baseCents]) => ({
      ivaPercent,
      baseCents,
      ivaCents: toCents(divideRounded(BigInt(baseCents) * ivaPercent, pow10(MONEY_SCALES.percent + 2))),
    }));
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  const subtotalCents = sum(amounts.map((line) => line.subtotalCents));
  const ivaCents = sum(ivaBases.map((base) => base.ivaCents));
  return {
    lines: amounts,
    grossCents: sum(amounts.map((line) => line.grossCents)),
    discountCents: sum(amounts.map((line) => line.discountCents)),
    subtotalCents,
    ivaBases,
    ivaCents,
    totalCents: subtotalCents + ivaCents,
  };
}

/** Cents as the API writes an amount: `1234.5` dollars is `"1234.50"`. */
export const centsToDecimal = (cents: number) => atScale(BigInt(cents), 2);
