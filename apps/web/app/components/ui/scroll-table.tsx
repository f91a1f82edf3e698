import type { ReactNode } from "react";

export type ScrollTableProps = {
  /** The caption's id, which names the scrolling region. */
  id: string;
  /** Read by screen readers as the table's name. */
  caption: string;
  /**
   * Below this width the table scrolls sideways instead of squeezing (a Tailwind `min-w-*` class;
   * `md:min-w-*` with `cardsOnPhone`).
   */
  minWidth: string;
  headings: readonly string[];
  /**
   * On a phone each row is a card read top to bottom, with nothing to swipe; the table from tablet
   * width. The rows and cells then say their role (`tableRole`), and a cell that needs its column's
   * name on a card shows a `CardLabel`.
   */
  cardsOnPhone?: boolean;
  /** The table's body. */
  children: ReactNode;
};

/**
 * A table part's own role, said out loud so that a phone's card layout keeps it: a browser may drop
 * a table's semantics once its rows are no longer displayed as rows.
 */
export const tableRole = (name: "table" | "rowgroup" | "row" | "columnheader" | "rowheader" | "cell") => ({
  role: name,
});

/** A cell's column name, shown on a phone's card only (screen readers hear the column's heading). */
export function CardLabel({ children }: { children: string }) {
  return (
    <span aria-hidden="true" className="text-stone-600 md:hidden">
      {children}:{" "}
    </span>
  );
}

// The phone's cards: the body's rows stacked, their cells one under the other. Written on the table
// so that each table using it keeps only its own cells' content.
const CARDS =
  "max-md:block max-md:[&_tbody]:block max-md:[&_tbody_tr]:grid max-md:[&_tbody_tr]:gap-1 max-md:[&_tbody_tr]:p-4 " +
  "max-md:[&_tbody_td]:block max-md:[&_tbody_td]:p-0 max-md:[&_tbody_th]:block max-md:[&_tbody_th]:p-0";

/** A CRM table with its column headings, in a region that scrolls sideways on a phone. */
export function ScrollTable({ id, caption, minWidth, headings, cardsOnPhone = false, children }: ScrollTableProps) {
  const role = cardsOnPhone ? tableRole : () => ({});
  return (
    // A wide table scrolls sideways on a phone: the region is named and reachable with the keyboard.
    // Positioned, so the table's visually hidden (absolute) texts are clipped by it too: otherwise
    // they stood where the columns end, and the whole page scrolled sideways to them.
    <section
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be keyboard-reachable (axe scrollable-region-focusable)
      tabIndex={0}
      aria-labelledby={id}
      className={`relative rounded-2xl bg-white ring-1 ring-stone-200 ${cardsOnPhone ? "md:overflow-x-auto" : "overflow-x-auto"}`}
    >
      <table {...role("table")} className={`w-full ${minWidth} text-left text-sm ${cardsOnPhone ? CARDS : ""}`}>
        <caption id={id} className="sr-only">
          {caption}
        </caption>
        <thead {...role("rowgroup")} className={`bg-leaf-50 text-leaf-900 ${cardsOnPhone ? "max-md:sr-only" : ""}`}>
          <tr {...role("row")}>
            {headings.map((title) => (
              <th key={title} {...role("columnheader")} scope="col" className="px-3 py-3 font-semibold">
                {title}
              </th>
            ))}
          </tr>
        </thead>
        {children}
      </table>
    </section>
  );
}
