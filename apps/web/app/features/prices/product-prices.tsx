import { formatIvaPercent, formatPrice, type PriceItem, presentationLabel } from "@app/shared";
import { History, Pencil } from "lucide-react";

export type ProductPricesProps = {
  /** Unique on the page: the ids of the section's heading and table derive from it. */
  productId: number;
  title: string;
  items: PriceItem[];
  onEdit: (item: PriceItem) => void;
  onHistory: (item: PriceItem) => void;
};

const COLUMNS = ["Código", "Presentación", "Precio de lista", "IVA", "Estado", "Acciones"] as const;

/** A table's own role, said out loud so that the phone's card layout keeps it (see contacts-table.tsx). */
const role = (name: "table" | "rowgroup" | "row" | "columnheader" | "rowheader" | "cell") => ({ role: name });
const cell = "align-middle md:px-3 md:py-3";
const action =
  "inline-flex min-h-11 items-center gap-1.5 whitespace-nowrap rounded-xl px-3 font-semibold text-leaf-800 text-sm ring-1 ring-leaf-200 transition-colors hover:bg-leaf-50";

// On a phone the column headings are out of sight (still read by screen readers); each value
// shows its own small label instead, hidden from screen readers, which have the heading.

/**
 * One product's presentations. From tablet width a table; on a phone each row is a card (code and
 * presentation, then price, IVA and state, then the actions) with nothing to scroll sideways.
 */
export function ProductPrices({ productId, title, items, onEdit, onHistory }: ProductPricesProps) {
  const headingId = `producto-${productId}`;
  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <h2 id={headingId} className="font-bold text-leaf-900 text-lg">
        {title} <span className="font-normal text-base text-stone-600">({items.length})</span>
      </h2>
      {items.length === 0 ? (
        <p className="rounded-2xl bg-white p-4 text-stone-700 ring-1 ring-stone-200">
          Todavía no tiene presentaciones con precio.
        </p>
      ) : (
        // Beside the CRM's menu a tablet leaves the table little room: it scrolls sideways in its own
        // region (named, reachable by keyboard), never the page. Positioned, so the table's visually
        // hidden texts are clipped by it too.
        <section
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be keyboard-reachable (axe scrollable-region-focusable)
          tabIndex={0}
          aria-labelledby={`${headingId}-tabla`}
          className="relative rounded-2xl bg-white ring-1 ring-stone-200 md:overflow-x-auto"
        >
          <table {...role("table")} className="w-full text-left text-sm max-md:block md:min-w-[40rem]">
            <caption id={`${headingId}-tabla`} className="sr-only">
              Presentaciones de {title}
            </caption>
            <thead {...role("rowgroup")} className="bg-leaf-50 text-leaf-900 max-md:sr-only">
              <tr {...role("row")}>
                {COLUMNS.map((column) => (
                  <th key={column} {...role("columnheader")} scope="col" className={`${cell} font-semibold`}>
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody {...role("rowgroup")} className="divide-y divide-stone-200 max-md:block">
              {items.map((item) => (
                <PriceRow key={item.id} item={item} onEdit={onEdit} onHistory={onHistory} />
              ))}
            </tbody>
          </table>
        </section>
      )}
    </section>
  );
}

type PriceRowProps = Pick<ProductPricesProps, "onEdit" | "onHistory"> & { item: PriceItem };

function PriceRow({ item, onEdit, onHistory }: PriceRowProps) {
  return (
    <tr
      {...role("row")}
      className="max-md:grid max-md:grid-cols-[minmax(0,1fr)_auto_auto] max-md:gap-x-5 max-md:gap-y-2 max-md:p-4"
    >
      <th
        {...role("rowheader")}
        scope="row"
        className={`${cell} font-semibold text-leaf-900 max-md:col-span-2 max-md:break-all max-md:text-base md:whitespace-nowrap`}
      >
        {item.code}
      </th>
      <td {...role("cell")} className={`${cell} whitespace-nowrap max-md:text-right`}>
        {presentationLabel(item.size, item.unit)}
      </td>
      <td {...role("cell")} className={`${cell} whitespace-nowrap font-semibold tabular-nums`}>
        <span aria-hidden="true" className="block text-stone-600 text-xs md:hidden">
          Precio de lista
        </span>
        {formatPrice(item.listPrice)}
      </td>
      <td {...role("cell")} className={`${cell} whitespace-nowrap tabular-nums`}>
        <span aria-hidden="true" className="block text-stone-600 text-xs md:hidden">
          IVA
        </span>
        {formatIvaPercent(item.ivaPercent)}
      </td>
      <td {...role("cell")} className={cell}>
        <span aria-hidden="true" className="block text-stone-600 text-xs md:hidden">
          Estado
        </span>
        <span
          className={`inline-block rounded-full px-2.5 py-0.5 font-semibold text-xs ring-1 ${
            item.active ? "bg-leaf-50 text-leaf-800 ring-leaf-200" : "bg-stone-100 text-stone-700 ring-stone-300"
          }`}
        >
          {item.active ? "Activa" : "Inactiva"}
        </span>
      </td>
      <td {...role("cell")} className={`${cell} max-md:col-span-3`}>
        <div className="flex flex-wrap gap-2 md:flex-nowrap">
          <button type="button" onClick={() => onEdit(item)} className={action}>
            <Pencil className="size-4" aria-hidden="true" />
            Editar<span className="sr-only"> {item.code}</span>
          </button>
          <button type="button" onClick={() => onHistory(item)} className={action}>
            <History className="size-4" aria-hidden="true" />
            Historial<span className="sr-only"> de precios de {item.code}</span>
          </button>
        </div>
      </td>
    </tr>
  );
}
