import { z } from "zod";
import { SITE_LIMITS, SLUG_PATTERN } from "../site-rules.ts";

// The WhatsApp button of a product (dialog and page `/productos/<slug>`): its taps are counted per
// product and day, nothing about the person.

const NOT_IN_CATALOGUE = "El producto no existe en el catálogo";

/**
 * `POST /api/whatsapp-clicks`: which product's button was tapped, by its page's slug. The API counts
 * it only for a product on the site now (the catalogue is what staff published).
 */
export const whatsappClickSchema = z.strictObject({
  product: z
    .string({ error: NOT_IN_CATALOGUE })
    .max(SITE_LIMITS.slug, { error: NOT_IN_CATALOGUE })
    .regex(SLUG_PATTERN, { error: NOT_IN_CATALOGUE }),
});
export type WhatsappClickInput = z.input<typeof whatsappClickSchema>;

export const WHATSAPP_CLICK_MESSAGES = { notInCatalogue: NOT_IN_CATALOGUE } as const;
