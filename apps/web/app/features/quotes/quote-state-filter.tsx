import { QUOTE_STATE_LABELS, QUOTE_STATES, type QuoteState } from "@app/shared/constants";
import { Link } from "react-router";
import { quotesAddress } from "./quotes-query";

const CHOICES: { state: QuoteState | null; label: string }[] = [
  { state: null, label: "Todas" },
  ...QUOTE_STATES.map((state) => ({ state, label: QUOTE_STATE_LABELS[state] })),
];

/** `Todas`, `Borrador`, `Enviada`…: links, so the address says which quotes are listed. */
export function QuoteStateFilter({ current }: { current: QuoteState | null }) {
  return (
    <nav aria-label="Estado de las cotizaciones" className="mb-4">
      <ul className="flex flex-wrap gap-2">
        {CHOICES.map(({ state, label }) => {
          const chosen = state === current;
          return (
            <li key={label}>
              <Link
                to={quotesAddress({ state, page: 0 })}
                aria-current={chosen ? "page" : undefined}
                className={`inline-flex min-h-11 items-center rounded-xl px-3 font-semibold text-sm ring-1 ${
                  chosen
                    ? "bg-leaf-800 text-white ring-leaf-800"
                    : "bg-white text-leaf-800 ring-leaf-200 hover:bg-leaf-50"
                }`}
              >
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
