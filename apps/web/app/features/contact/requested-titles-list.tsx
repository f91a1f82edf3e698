import { X } from "lucide-react";
import { removeRequestedTitle, useRequestedTitles } from "~/features/requests/requested-titles";

/** What the person asked about elsewhere on the site; the contact form starts from this list. */
export function RequestedTitlesList({ headingAs: Heading = "h3" }: { headingAs?: "h2" | "h3" }) {
  const requested = useRequestedTitles();
  if (requested.length === 0) return null;
  return (
    <div className="rounded-2xl bg-petal-50 p-4 ring-1 ring-petal-100">
      <Heading className="font-semibold text-leaf-900">Solicitaste información sobre</Heading>
      <ul className="mt-3 flex flex-wrap gap-2">
        {requested.map(({ title }) => (
          <li
            key={title}
            className="flex items-center gap-1 rounded-full bg-white py-1 pr-1 pl-3 text-leaf-900 text-sm ring-1 ring-petal-100"
          >
            {title}
            <button
              type="button"
              onClick={() => removeRequestedTitle(title)}
              aria-label={`Quitar ${title}`}
              className="grid size-6 place-items-center rounded-full hover:bg-petal-100"
            >
              <X className="size-3.5" aria-hidden="true" />
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
