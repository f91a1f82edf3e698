import type { ReactNode } from "react";

/** The padding of every cell of the dashboard's tables: narrower on a phone, where columns share 300 px. */
export const cell = "px-2 py-2 md:px-3";

export type FiguresTableProps = {
  id: string;
  caption: string;
  /** The header row's titles, first to last (each one different). */
  columns: string[];
  /** The body's rows. */
  children: ReactNode;
  className?: string;
};

/** A table of figures in a region that scrolls sideways on a phone (and is reachable by keyboard). */
export function FiguresTable({ id, caption, columns, children, className = "" }: FiguresTableProps) {
  return (
    <section
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be keyboard-reachable (axe scrollable-region-focusable)
      tabIndex={0}
      aria-labelledby={id}
      className={`relative overflow-x-auto ${className}`}
    >
      <table className="w-full text-left text-sm">
        <caption id={id} className="sr-only">
          {caption}
        </caption>
        <thead className="bg-leaf-50 text-leaf-900">
          <tr>
            {columns.map((title) => (
              <th key={title} scope="col" className={`${cell} font-semibold tabular-nums`}>
                {title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-200">{children}</tbody>
      </table>
    </section>
  );
}

/** A chart's figures as a table, behind "Ver como tabla": the same data for screen readers and for reading exact values. */
export function ChartTable(props: Omit<FiguresTableProps, "className">) {
  return (
    <details className="group rounded-xl ring-1 ring-stone-200">
      <summary className="flex min-h-11 cursor-pointer items-center px-3 font-semibold text-leaf-800 text-sm">
        Ver como tabla
      </summary>
      <FiguresTable {...props} className="border-stone-200 border-t" />
    </details>
  );
}
