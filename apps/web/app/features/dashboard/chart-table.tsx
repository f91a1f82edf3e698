import type { ReactNode } from "react";

export type ChartTableProps = {
  id: string;
  caption: string;
  children: ReactNode;
};

/** A chart's figures as a table, behind "Ver como tabla": the same data for screen readers and for reading exact values. */
export function ChartTable({ id, caption, children }: ChartTableProps) {
  return (
    <details className="group rounded-xl ring-1 ring-stone-200">
      <summary className="flex min-h-11 cursor-pointer items-center px-3 font-semibold text-leaf-800 text-sm">
        Ver como tabla
      </summary>
      <section
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be keyboard-reachable (axe scrollable-region-focusable)
        tabIndex={0}
        aria-labelledby={id}
        className="relative overflow-x-auto border-stone-200 border-t"
      >
        <table className="w-full text-left text-sm">
          <caption id={id} className="sr-only">
            {caption}
          </caption>
          {children}
        </table>
      </section>
    </details>
  );
}
