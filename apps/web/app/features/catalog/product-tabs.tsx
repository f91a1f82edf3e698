import { PRODUCT_TAB_LABELS, PRODUCT_TABS, type ProductTab } from "@app/shared/constants";
import { type KeyboardEvent, type ReactNode, useRef } from "react";
import { usePopoverOpen } from "~/lib/use-popover-open";

const order = PRODUCT_TABS;

export const tabId = (type: ProductTab) => `tab-${type}`;
export const panelId = (type: ProductTab) => `panel-${type}`;
const STATE_ID = "productos-otra-categoria";

export type ProductTabsProps = {
  /** The category the page opens on (its HTML shows it); the other is one tap away. */
  initial: ProductTab;
  /** Each category's panel content. */
  panel: (type: ProductTab, shown: boolean) => ReactNode;
};

/**
 * ARIA tabs for the two categories. Which one is shown is kept by the browser in an unseen popover
 * ("the other category is open") that the tabs show and hide (`popovertarget`), so the tabs work in
 * the page's HTML, before and without JavaScript; panels and tab colours follow it in CSS
 * (app.css). The script adds what only it can: aria-selected, the roving tabindex and the arrow,
 * Home and End keys (automatic activation).
 */
export function ProductTabs({ initial, panel }: ProductTabsProps) {
  const state = useRef<HTMLSpanElement>(null);
  const otherShown = usePopoverOpen(state);
  const other = order.find((type) => type !== initial) ?? initial;
  const selected = otherShown ? other : initial;
  const refs = useRef<Partial<Record<ProductTab, HTMLButtonElement | null>>>({});

  const select = (type: ProductTab) => {
    const element = state.current;
    if (!element) return;
    if (type === initial && element.matches(":popover-open")) element.hidePopover();
    if (type !== initial && !element.matches(":popover-open")) element.showPopover();
  };

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
    select(next);
    refs.current[next]?.focus();
  };

  return (
    <div className="product-tabs" data-initial={initial}>
      <span ref={state} id={STATE_ID} popover="manual" aria-hidden="true" className="popover-state" />
      <div className="flex justify-center">
        <div
          role="tablist"
          aria-label="Categorías de productos"
          className="inline-flex rounded-full bg-white p-1 shadow-sm ring-1 ring-leaf-100"
        >
          {order.map((type) => (
            <button
              key={type}
              ref={(element) => {
                refs.current[type] = element;
              }}
              id={tabId(type)}
              type="button"
              role="tab"
              popoverTarget={STATE_ID}
              popoverTargetAction={type === initial ? "hide" : "show"}
              aria-selected={type === selected}
              aria-controls={panelId(type)}
              tabIndex={type === selected ? 0 : -1}
              onKeyDown={onKeyDown}
              data-initial={type === initial || undefined}
              className="product-tab rounded-full px-4 py-2.5 font-semibold text-sm transition-colors duration-200 md:px-6"
            >
              {PRODUCT_TAB_LABELS[type]}
            </button>
          ))}
        </div>
      </div>
      {order.map((type) => (
        <div
          key={type}
          id={panelId(type)}
          role="tabpanel"
          aria-labelledby={tabId(type)}
          data-initial={type === initial || undefined}
          className="product-panel mt-8"
        >
          {panel(type, type === initial)}
        </div>
      ))}
    </div>
  );
}
