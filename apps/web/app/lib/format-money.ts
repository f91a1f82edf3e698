// Money as staff in Ecuador read it: US dollars with es-EC grouping ("$1.500,50"), for every CRM
// feature that shows a value (features may not import each other, so it lives here).
import { lazily } from "./lazily";

const usd = lazily(() => new Intl.NumberFormat("es-EC", { style: "currency", currency: "USD" }));
const wholeUsd = lazily(
  () => new Intl.NumberFormat("es-EC", { style: "currency", currency: "USD", maximumFractionDigits: 0 }),
);

/** A value in dollars, with cents: 1500.5 -> "$1.500,50". */
export const formatUsd = (dollars: number) => usd().format(dollars);

/** A value in US cents, with cents: 150050 -> "$1.500,50". */
export const formatCents = (cents: number) => usd().format(cents / 100);

/** A value in US cents rounded to whole dollars, for axes and totals: 150050 -> "$1.501". */
export const formatWholeCents = (cents: number) => wholeUsd().format(cents / 100);
