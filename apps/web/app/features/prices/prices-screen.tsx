import type { PriceItem } from "@app/shared";
import { PackagePlus } from "lucide-react";
import { useState } from "react";
import { buttonStyles } from "~/components/ui/button-styles";
import { Notice } from "~/components/ui/notice";
import { type PriceEditing, PriceEditorDialog } from "./price-editor-dialog";
import { PriceHistoryDialog } from "./price-history-dialog";
import type { PriceCatalogue } from "./prices-api";
import { ProductPrices } from "./product-prices";

export type PricesScreenProps = PriceCatalogue;

type Outcome = { tone: "success" | "problem"; text: string } | null;

/**
 * The products the screen lists, in the API's order: every product of the site (with its
 * presentations, or none yet), then those of a product the site no longer offers.
 */
function groupsOf({ items, products }: PriceCatalogue) {
  const groups = new Map<number, { title: string; items: PriceItem[] }>(
    products.map((product) => [product.id, { title: product.title, items: [] }]),
  );
  for (const item of items) {
    const group = groups.get(item.serviceTypeId) ?? { title: item.productTitle, items: [] };
    group.items.push(item);
    groups.set(item.serviceTypeId, group);
  }
  return [...groups];
}

/** The administrators' `Catálogo de precios`: presentations by product; create, edit, see the history. */
export function PricesScreen({ items, products }: PricesScreenProps) {
  const [editing, setEditing] = useState<PriceEditing>(null);
  const [viewing, setViewing] = useState<PriceItem | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const open = (what: PriceEditing) => {
    setOutcome(null);
    setEditing(what);
  };
  // The presentation being edited as stored now: a colleague's save shows in the form on a 409.
  const stored = editing && editing !== "new" ? (items.find((item) => item.id === editing.id) ?? null) : null;

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="max-w-prose text-stone-700">
          Precios de lista en USD, sin IVA. Solo el personal los ve: el sitio público nunca muestra precios.
        </p>
        <button type="button" onClick={() => open("new")} className={`${buttonStyles.primary} min-h-11`}>
          <PackagePlus className="size-4" aria-hidden="true" />
          Nueva presentación
        </button>
      </div>
      {outcome && (
        <Notice tone={outcome.tone}>
          <p>{outcome.text}</p>
        </Notice>
      )}
      {groupsOf({ items, products }).map(([productId, group]) => (
        <ProductPrices
          key={productId}
          productId={productId}
          title={group.title}
          items={group.items}
          onEdit={open}
          onHistory={setViewing}
        />
      ))}

      <PriceEditorDialog
        editing={editing}
        stored={stored}
        products={products}
        onClose={() => setEditing(null)}
        onSaved={(item, created) => {
          setEditing(null);
          setOutcome({
            tone: "success",
            text: created ? `Se creó la presentación ${item.code}.` : `Se guardó la presentación ${item.code}.`,
          });
        }}
      />
      <PriceHistoryDialog item={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}
