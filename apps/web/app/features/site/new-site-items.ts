import type { SiteListKind } from "@app/shared/constants";

/**
 * How the CRM adds an item of each list: the address of its empty editor (`/crm/sitio/<address>`),
 * the button of `Sitio web` that leads there and the editor's heading, in the list's order.
 */
export const NEW_SITE_ITEMS: Record<SiteListKind, { address: string; button: string; heading: string }> = {
  product: { address: "nuevo", button: "Nuevo producto", heading: "Nuevo producto" },
  service: { address: "nuevo-servicio", button: "Nuevo servicio", heading: "Nuevo servicio" },
  testimonial: { address: "nuevo-testimonio", button: "Nuevo testimonio", heading: "Nuevo testimonio" },
  faq: { address: "nuevo-pregunta", button: "Nueva pregunta", heading: "Nueva pregunta frecuente" },
  partner: { address: "nuevo-socio", button: "Nuevo socio", heading: "Nuevo socio" },
};

/** The list an empty editor's address adds to (`nuevo-socio` -> partner); undefined for an item's id. */
export const newKindAt = (address: string) =>
  (Object.keys(NEW_SITE_ITEMS) as SiteListKind[]).find((kind) => NEW_SITE_ITEMS[kind].address === address);
