import type { Ref } from "react";

export type ProblemItem = { path: string; targetId: string | undefined; text: string };

/**
 * What stops a save, listed at the top of the form once the person tries: each entry takes the
 * focus to its field. The list takes the focus itself, so a screen reader reads it.
 */
export function ProblemSummary({ items, ref }: { items: ProblemItem[]; ref: Ref<HTMLDivElement> }) {
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      aria-labelledby="cotizacion-problemas"
      className="grid gap-2 rounded-2xl bg-red-50 p-4 text-red-900 ring-1 ring-red-200 focus:outline-none focus-visible:ring-2 focus-visible:ring-red-700"
    >
      <h2 id="cotizacion-problemas" className="font-bold">
        {items.length === 1 ? "Revisa un campo antes de guardar:" : `Revisa ${items.length} campos antes de guardar:`}
      </h2>
      <ul className="grid gap-1">
        {items.map((item) => (
          <li key={item.path}>
            {item.targetId ? (
              <button
                type="button"
                onClick={() => document.getElementById(item.targetId ?? "")?.focus()}
                className="text-left font-medium underline underline-offset-2"
              >
                {item.text}
              </button>
            ) : (
              <span className="font-medium">{item.text}</span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
