// `npm run db:seed -- --demo`: the presentations a Chrysal distributor in Ecuador sells, with list
// prices in USD, so `Catálogo de precios` and the quotes have something to offer. Read through the
// same schema as the screen and written by the catalogue module; a code already there is left as
// it is (a second run adds nothing). Pesticides and biostimulants carry 0% IVA, as Ecuador's law
// says for agricultural inputs; the postharvest treatments the general 15%.
import { type PriceItemInput, priceItemInputSchema } from "@app/shared";
import type { ServiceTypeTitle } from "@app/shared/constants";
import { inArray } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { serviceTypes } from "../db/schema/index.ts";
import { ensurePriceItems } from "../modules/catalogue/index.ts";

type DemoPresentation = Omit<PriceItemInput, "serviceTypeId"> & { product: ServiceTypeTitle };

const ZERO = "0";

export const DEMO_PRESENTATIONS: readonly DemoPresentation[] = [
  { product: "Bioestimulantes", code: "BIO-FORT-1L", size: "1", unit: "L", listPrice: "32.00", ivaPercent: ZERO },
  { product: "Bioestimulantes", code: "BIO-FORT-5L", size: "5", unit: "L", listPrice: "148.00", ivaPercent: ZERO },
  { product: "Danisaraba", code: "DAN-500ML", size: "500", unit: "ml", listPrice: "46.80", ivaPercent: ZERO },
  { product: "Danisaraba", code: "DAN-1L", size: "1", unit: "L", listPrice: "89.00", ivaPercent: ZERO },
  { product: "Chrysal VIVA", code: "VIVA-1L", size: "1", unit: "L", listPrice: "24.90" },
  { product: "Chrysal VIVA", code: "VIVA-5L", size: "5", unit: "L", listPrice: "112.00" },
  { product: "Chrysal Intensive", code: "INT-5L", size: "5", unit: "L", listPrice: "68.00" },
  { product: "Chrysal Intensive", code: "INT-20L", size: "20", unit: "L", listPrice: "245.00" },
  { product: "Chrysal Transport Stickers", code: "STK-2000", size: "2000", unit: "unidad", listPrice: "96.00" },
  { product: "Chrysal AVB y AVB Booster", code: "AVB-1L", size: "1", unit: "L", listPrice: "57.50" },
  { product: "Chrysal AVB y AVB Booster", code: "AVB-5L", size: "5", unit: "L", listPrice: "265.00" },
  { product: "Chrysal Arrive Alive", code: "AA-5L", size: "5", unit: "L", listPrice: "54.00" },
  { product: "Chrysal Arrive Alive", code: "AA-20L", size: "20", unit: "L", listPrice: "198.00" },
  { product: "Chrysal Essential", code: "ESS-1KG", size: "1", unit: "kg", listPrice: "18.75" },
  { product: "Chrysal Essential", code: "ESS-5L", size: "5", unit: "L", listPrice: "42.00" },
  { product: "Chrysal FreshLiner", code: "FL-100", size: "100", unit: "unidad", listPrice: "85.00" },
  { product: "Chrysal HVB", code: "HVB-1L", size: "1", unit: "L", listPrice: "29.90" },
  { product: "Chrysal HVB", code: "HVB-5L", size: "5", unit: "L", listPrice: "134.50" },
  { product: "Chrysal RVB y RVB Clear", code: "RVB-1L", size: "1", unit: "L", listPrice: "21.80" },
  { product: "Chrysal RVB y RVB Clear", code: "RVB-5L", size: "5", unit: "L", listPrice: "98.50" },
  { product: "Chrysal RVB y RVB Clear", code: "RVB-20L", size: "20", unit: "L", listPrice: "365.00" },
  { product: "Chrysal RVB y RVB Clear", code: "RVB-CLEAR-1KG", size: "1", unit: "kg", listPrice: "27.40" },
  { product: "Chrysal Solucion Inicial", code: "SI-1L", size: "1", unit: "L", listPrice: "19.60" },
  { product: "Chrysal Solucion Inicial", code: "SI-5L", size: "5", unit: "L", listPrice: "88.00" },
  { product: "Chrysal EB Sheets", code: "EB-500", size: "500", unit: "unidad", listPrice: "72.00" },
];

/** Who the history says set the demo prices: no account did. */
export const DEMO_PRICES_BY = "Datos de demostración";

/** Adds the demo presentations that are missing (by code); answers how many it added. */
export async function ensureDemoPrices(db: Db): Promise<number> {
  const titles = [...new Set(DEMO_PRESENTATIONS.map((presentation) => presentation.product))];
  const rows = await db
    .select({ id: serviceTypes.id, title: serviceTypes.title })
    .from(serviceTypes)
    .where(inArray(serviceTypes.title, titles));
  const idOf = new Map(rows.map((row) => [row.title, row.id]));
  const items = DEMO_PRESENTATIONS.flatMap(({ product, ...presentation }) => {
    const serviceTypeId = idOf.get(product);
    // A product renamed or removed on this site's database has no demo prices.
    return serviceTypeId === undefined ? [] : [priceItemInputSchema.parse({ ...presentation, serviceTypeId })];
  });
  return ensurePriceItems(db, items, DEMO_PRICES_BY);
}
