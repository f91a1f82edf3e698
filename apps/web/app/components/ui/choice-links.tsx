import { Link } from "react-router";

export type Choice = { label: string; to: string; chosen: boolean };

/**
 * One of a few choices as links (a list's state: `Todas`, `Borrador`, `Enviada`…), so the address
 * says what is listed and the back button goes back to it; the chosen one is the current page.
 */
export function ChoiceLinks({ label, choices }: { label: string; choices: Choice[] }) {
  return (
    <nav aria-label={label} className="mb-4">
      <ul className="flex flex-wrap gap-2">
        {choices.map((choice) => (
          <li key={choice.label}>
            <Link
              to={choice.to}
              aria-current={choice.chosen ? "page" : undefined}
              className={`inline-flex min-h-11 items-center rounded-xl px-3 font-semibold text-sm ring-1 ${
                choice.chosen
                  ? "bg-leaf-800 text-white ring-leaf-800"
                  : "bg-white text-leaf-800 ring-leaf-200 hover:bg-leaf-50"
              }`}
            >
              {choice.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
