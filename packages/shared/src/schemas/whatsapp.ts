import { z } from "zod";
import { PRODUCT_SLUGS } from "../catalog-rules.ts";

// The WhatsApp button of a product (dialog and page `/productos/<slug>`): its taps are counted per
// product and day, nothing about the person.

/** `POST /api/whatsapp-clicks`: which product's button was tapped, by its page's slug. */
export const whatsappClickSchema = z.strictObject({
  product: z.enum(PRODUCT_SLUGS, { error: "El producto no existe en el catálogo" }),
});
export type WhatsappClickInput = z.input<typeof whatsappClickSchema>;
