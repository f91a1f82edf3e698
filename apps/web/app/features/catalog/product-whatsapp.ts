import type { ProductContent } from "@app/shared";
import { whatsappHref } from "~/content/site";

// A product's `WhatsApp` button: a plain link to the supplier's chat (it works without JavaScript),
// and a count of its taps for the CRM's dashboard. Small and dependency-free: public pages load it.

/** The chat with the supplier, its first message already written and naming the product. */
export const productWhatsappHref = (product: Pick<ProductContent, "title">, whatsapp: string) =>
  `${whatsappHref(whatsapp)}?text=${encodeURIComponent(`Hola, me interesa ${product.title}. ¿Me pueden dar más información?`)}`;

/**
 * Counts a tap (`POST /api/whatsapp-clicks`) without holding the link back. `keepalive` lets the
 * request finish when WhatsApp's app takes over the phone; unlike sendBeacon it can send JSON, the
 * only body the API reads. No cookie goes with it, nobody waits for the answer, and a failure only
 * loses one tap of a statistic.
 */
export function countWhatsappClick(product: ProductContent["slug"]) {
  fetch("/api/whatsapp-clicks", {
    method: "POST",
    keepalive: true,
    credentials: "omit",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ product }),
  }).catch(() => {});
}
