// Which page buttons a pager shows: every page when there are few, otherwise the first, the last
// and the current one with its neighbours, with a gap ("…") where pages are left out. Always seven
// slots at most, so the pager keeps its width while the person pages through.
import { formatCount } from "~/lib/format-number";

export type PageSlot = number | "gap-start" | "gap-end";

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

/**
 * Zero-based pages. `lastKnown` false: the total is a lower bound (a capped count), so the last
 * page is not offered as a number.
 */
export function pageSlots(page: number, totalPages: number, lastKnown = true): PageSlot[] {
  if (totalPages <= 0) return [];
  const last = totalPages - 1;
  const current = Math.min(Math.max(page, 0), last);
  if (totalPages <= 7) return range(0, last);
  const tail: PageSlot[] = lastKnown ? ["gap-end", last] : ["gap-end"];
  if (current <= 3) return [...range(0, 4), ...tail];
  if (lastKnown && current >= last - 3) return [0, "gap-start", ...range(last - 4, last)];
  const around = range(current - 1, Math.min(current + 1, last));
  return [0, "gap-start", ...around, ...tail];
}

/**
 * "Mostrando 11 a 20 de 57 resultados" (spec section 2). With a capped count the total is a lower
 * bound and said so: "Mostrando 1 a 10 de más de 10.000 resultados".
 */
export function showingSentence(page: number, pageSize: number, totalElements: number, totalIsExact = true) {
  const first = totalElements === 0 ? 0 : page * pageSize + 1;
  const last = totalIsExact ? Math.min((page + 1) * pageSize, totalElements) : (page + 1) * pageSize;
  // Only a capped total is grouped ("más de 10.000"); the spec's own line shows plain numbers.
  const total = totalIsExact ? String(totalElements) : `más de ${formatCount(totalElements)}`;
  return `Mostrando ${first} a ${last} de ${total} resultados`;
}
