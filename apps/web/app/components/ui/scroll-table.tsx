import type { ReactNode } from "react";

export type ScrollTableProps = {
  /** The caption's id, which names the scrolling region. */
  id: string;
  /** Read by screen readers as the table's name. */
  caption: string;
  /** Below this width the table scrolls sideways instead of squeezing (a Tailwind `min-w-*` class). */
  minWidth: string;
  headings: readonly string[];
  /** The table's body. */
  children: ReactNode;
};

/** A CRM table with its column headings, in a region that scrolls sideways on a phone. */
export function ScrollTable({ id, caption, minWidth, headings, children }: ScrollTableProps) {
  return (
    // A wide table scrolls sideways on a phone: the region is named and reachable with the keyboard.
    // Positioned, so the table's visually hidden (absolute) texts are clipped by it too: otherwise
    // they stood where the columns end, and the whole page scrolled sideways to them.
    <section
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be keyboard-reachable (axe scrollable-region-focusable)
      tabIndex={0}
      aria-labelledby={id}
      className="relative overflow-x-auto rounded-2xl bg-white ring-1 ring-stone-200"
    >
      <table className={`w-full ${minWidth} text-left text-sm`}>
        <caption id={id} className="sr-only">
          {caption}
        </caption>
        <thead className="bg-leaf-50 text-leaf-900">
          <tr>
            {headings.map((title) => (
              <th key={title} scope="col" className="px-3 py-3 font-semibold">
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
