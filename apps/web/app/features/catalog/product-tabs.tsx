import { type KeyboardEvent, useRef } from "react";
import { type ProductType, productTypeLabels } from "~/content/products";

const order: ProductType[] = ["personales", "empresariales"];

export const tabId = (type: ProductType) => `tab-${type}`;
export const panelId = (type: ProductType) => `panel-${type}`;

export type ProductTabsProps = { selected: ProductType; onSelect: (type: ProductType) => void };

/** ARIA tabs: arrow keys, Home and End move between tabs (automatic activation). */
export function ProductTabs({ selected, onSelect }: ProductTabsProps) {
  const refs = useRef<Partial<Record<ProductType, HTMLButtonElement | null>>>({});

  const onKeyDown = (event: KeyboardEvent) => {
    const index = order.indexOf(selected);
    const next = {
      ArrowRight: order[(index + 1) % order.length],
      ArrowLeft: order[(index - 1 + order.length) % order.length],
      Home: order[0],
      End: order[order.length - 1],
    }[event.key];
    if (!next) return;
    event.preventDefault();
    onSelect(next);
    refs.current[next]?.focus();
  };

  return (
    <div
      role="tablist"
      aria-label="Categorías de productos"
      className="inline-flex rounded-full bg-white p-1 shadow-sm ring-1 ring-leaf-100"
    >
      {order.map((type) => {
        const active = type === selected;
        return (
          <button
            key={type}
            ref={(element) => {
              refs.current[type] = element;
            }}
            id={tabId(type)}
            type="button"
            role="tab"
            aria-selected={active}
            aria-controls={panelId(type)}
            tabIndex={active ? 0 : -1}
            onClick={() => onSelect(type)}
            onKeyDown={onKeyDown}
            className={`rounded-full px-4 py-2.5 font-semibold text-sm transition-colors duration-200 md:px-6 ${
              active ? "bg-leaf-700 text-white" : "text-leaf-800 hover:bg-leaf-50"
            }`}
          >
            {productTypeLabels[type]}
          </button>
        );
      })}
    </div>
  );
}
