// How quotes and orders write amounts and dates, in the PDF and in the emails alike.

const thousands = (whole: string) => whole.replace(/\B(?=(\d{3})+(?!\d))/g, ".");

/** "$ 1.234,50" for "1234.50": how amounts read on Ecuadorian documents. */
export const usd = (decimal: string) => {
  const [whole = "0", cents = "00"] = decimal.split(".");
  return `$ ${thousands(whole)},${cents.padEnd(2, "0").slice(0, 2)}`;
};

/** "12,5" for "12.50": a quantity or a percentage without trailing zeros. */
export const plain = (decimal: string) => decimal.replace(/\.?0+$/, "").replace(".", ",") || "0";

/** A unit price with two decimals, or more when it has them: "$ 12,50", "$ 0,1234". */
export const unitPrice = (decimal: string) => {
  const [whole = "0", fraction = ""] = decimal.split(".");
  return `$ ${thousands(whole)},${fraction.replace(/0+$/, "").padEnd(2, "0")}`;
};

const longDay = new Intl.DateTimeFormat("es-EC", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/** "15 de diciembre de 2026" for "2026-12-15". */
export const longDate = (day: string) => longDay.format(new Date(`${day}T00:00:00Z`));
