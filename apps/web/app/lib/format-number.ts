import { lazily } from "./lazily";

const grouped = lazily(() => new Intl.NumberFormat("es-EC"));

/** A count as people in Ecuador read it: 12500 -> "12.500". */
export const formatCount = (count: number) => grouped().format(count);
