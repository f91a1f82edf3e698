import { ChevronLeft, ChevronRight } from "lucide-react";

export type PaginationProps = {
  /** Zero-based, as the API counts (spec section 4). */
  page: number;
  pageSize: number;
  totalElements: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  /** Names the navigation landmark, e.g. "Páginas del registro". */
  label: string;
};

/** How many numbered buttons show around the current page. */
const WINDOW = 5;

function pageWindow(page: number, totalPages: number) {
  const start = Math.max(0, Math.min(page - Math.floor(WINDOW / 2), totalPages - WINDOW));
  return Array.from({ length: Math.min(WINDOW, totalPages) }, (_, index) => start + index);
}

const buttonBase =
  "inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-xl px-3 font-semibold text-sm ring-1 transition-colors disabled:cursor-not-allowed disabled:opacity-50";

/**
 * "Mostrando X a Y de Z resultados" with Anterior / Siguiente and numbered pages (spec sections 2
 * and 4): Anterior is disabled on the first page, Siguiente on the last.
 */
export function Pagination({ page, pageSize, totalElements, totalPages, onPageChange, label }: PaginationProps) {
  const first = totalElements === 0 ? 0 : page * pageSize + 1;
  const last = Math.min((page + 1) * pageSize, totalElements);
  const isFirst = page <= 0;
  const isLast = page >= totalPages - 1;
  return (
    <div className="flex flex-col items-center justify-between gap-3 md:flex-row">
      <p className="text-sm text-stone-700">
        Mostrando {first} a {last} de {totalElements} resultados
      </p>
      <nav aria-label={label} className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          disabled={isFirst}
          onClick={() => onPageChange(page - 1)}
          className={`${buttonBase} bg-white text-leaf-900 ring-stone-300 hover:bg-leaf-50`}
        >
          <ChevronLeft className="size-4" aria-hidden="true" />
          Anterior
        </button>
        {pageWindow(page, totalPages).map((index) => (
          <button
            key={index}
            type="button"
            aria-current={index === page ? "page" : undefined}
            onClick={() => onPageChange(index)}
            className={`${buttonBase} ${
              index === page
                ? "bg-leaf-700 text-white ring-leaf-700"
                : "bg-white text-leaf-900 ring-stone-300 hover:bg-leaf-50"
            }`}
          >
            {index + 1}
          </button>
        ))}
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
