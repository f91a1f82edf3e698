// The priced catalogue's public face: what other modules and the composition root may use. The
// module is the only writer of price_items and price_changes.
export { ensurePriceItems } from "./ensure-items.ts";
export { findPriceItems, type PriceItemSummary } from "./lookup.ts";
