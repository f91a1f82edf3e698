import "~/lib/zod-browser";
import { PRICE_MESSAGES, type PriceItem, priceItemInputSchema } from "@app/shared";
import { z } from "zod";

// The editor's form is judged by the API's own schema: same rules, same Spanish messages. Only the
// product differs in form: a <select> holds its id as text.

export const priceFormSchema = priceItemInputSchema.extend({
  serviceTypeId: z
    .string({ error: PRICE_MESSAGES.productRequired })
    .regex(/^\d+$/, { error: PRICE_MESSAGES.productRequired })
    .transform(Number)
    .pipe(priceItemInputSchema.shape.serviceTypeId),
});
export type PriceFormInput = z.input<typeof priceFormSchema>;
export type PriceFormValues = z.output<typeof priceFormSchema>;

/** "12.500000" as a person would type it: "12,50". */
const typed = (decimal: string, decimals: number) => {
  const [whole = "0", fraction = ""] = decimal.split(".");
  const kept = fraction.replace(/0+$/, "").padEnd(decimals, "0");
  return kept ? `${whole},${kept}` : whole;
};

/** What the fields show for a stored presentation, or for a new one (of `productId`, if given). */
export function formValuesOf(item: PriceItem | null, productId?: number): PriceFormInput {
  if (!item) {
    return {
      serviceTypeId: productId === undefined ? "" : String(productId),
      code: "",
      size: "",
      unit: "L",
      listPrice: "",
      ivaPercent: "15.00",
      active: true,
    };
  }
  return {
    serviceTypeId: String(item.serviceTypeId),
    code: item.code,
    size: typed(item.size, 0),
    unit: item.unit,
    listPrice: typed(item.listPrice, 2),
    ivaPercent: item.ivaPercent,
    active: item.active,
  };
}
