import { ChevronLeft, ChevronRight } from "lucide-react";
import { pageSlots, showingSentence } from "./page-numbers";

export type PaginationProps = {
  /** Zero-based, as the API counts (spec section 4). */
  page: number;
  pageSize: number;
  totalElements: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  /** Names the navigation landmark, e.g. "Páginas del registro". */
  label: string;
  /**
   * False when the server stopped counting at a cap (a broad search): the total is a lower bound,
   * said as "más de 10.000", and the last page is not offered.
   */
  totalIsExact?: boolean;
  /** The server's own word on the last page, when it gave one. */
  isLastPage?: boolean;
};

const buttonBase =
  "inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-xl px-3 font-semibold text-sm ring-1 transition-colors disabled:cursor-not-allowed disabled:opacity-50";

/**
 * "Mostrando X a Y de Z resultados" with Anterior / Siguiente and numbered pages, with "…" where
 * pages are left out (spec sections 2 and 4): Anterior is disabled on the first page, Siguiente on
 * the last.
 */
export function Pagination({
  page,
  pageSize,
  totalElements,
  totalPages,
  onPageChange,
  label,
  totalIsExact = true,
  isLastPage,
}: PaginationProps) {
  const isFirst = page <= 0;
  const isLast = isLastPage ?? page >= totalPages - 1;
  return (
    <div className="flex flex-col items-center justify-between gap-3 md:flex-row">
      <p className="text-sm text-stone-700">{showingSentence(page, pageSize, totalElements, totalIsExact)}</p>
      <nav aria-label={label} className="flex flex-wrap items-center justify-center gap-2">
        <button
          type="button"
          disabled={isFirst}
          onClick={() => onPageChange(page - 1)}
          className={`${buttonBase} bg-white text-leaf-900 ring-stone-300 hover:bg-leaf-50`}
        >
          <ChevronLeft className="size-4" aria-hidden="true" />
          Anterior
        </button>
        {pageSlots(page, totalPages, totalIsExact).map((slot) =>
          typeof slot === "number" ? (
            <button
              key={slot}
              type="button"
              aria-current={slot === page ? "page" : undefined}
              onClick={() => onPageChange(slot)}
              className={`${buttonBase} ${
                slot === page
                  ? "bg-leaf-700 text-white ring-leaf-700"
                  : "bg-white text-leaf-900 ring-stone-300 hover:bg-leaf-50"
              }`}
            >
              {slot + 1}
            </button>
          ) : (
            <span key={slot} aria-hidden="true" className="px-1 text-stone-600">
              …
            </span>
          ),
        )}
        <button
          type="button"
          disabled={isLast}
          onClick={() => onPageChange(page + 1)}
          className={`${buttonBase} bg-white text-leaf-900 ring-stone-300 hover:bg-leaf-50`}
        >
          Siguiente
          <ChevronRight className="size-4" aria-hidden="true" />
        </button>
      </nav>
    </div>
  );
}
