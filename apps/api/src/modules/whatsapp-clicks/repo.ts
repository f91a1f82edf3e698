import { desc, gte, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { siteItems, whatsappClicks, whatsappClickVisitors } from "../../db/schema/index.ts";
import { businessDay } from "../../kernel/business-time.ts";

// Taps on the products' WhatsApp buttons: one row per day of Ecuador's calendar and product, with
// a counter of the visitors who tapped it that day. Who already counted is kept for that day only,
// as a keyed hash (visitor.ts), so there is nothing to anonymise or export.

/**
 * Adds the tap of `visitor` to the product's row of `day`, unless that visitor already counted
 * there. One statement: the visitor's row is the unique key that decides, so taps arriving at the
 * same moment (or on two instances) count once, and different visitors' taps all count.
 */
export async function countClick(db: Db, day: string, product: string, visitor: string) {
  const fresh = db
    .$with("fresh")
    .as(
      db
        .insert(whatsappClickVisitors)
        .values({ day, product, visitor })
        .onConflictDoNothing()
        .returning({ day: whatsappClickVisitors.day, product: whatsappClickVisitors.product }),
    );
  await db
    .with(fresh)
    .insert(whatsappClicks)
    .select(db.select({ day: fresh.day, product: fresh.product, clicks: sql<number>`1`.as("clicks") }).from(fresh))
    .onConflictDoUpdate({
      target: [whatsappClicks.day, whatsappClicks.product],
      set: { clicks: sql`${whatsappClicks.clicks} + 1` },
    });
}

/** Forgets who tapped before `day`: past days' counts are final, their visitors no longer needed. */
export async function forgetVisitorsBefore(db: Db, day: string) {
  await db.delete(whatsappClickVisitors).where(lt(whatsappClickVisitors.day, day));
}

/** Whether `slug` is the page of a product on the site now: only those taps count. */
export async function productOnSite(db: Db, slug: string) {
  const [row] = await db
    .select({ id: siteItems.id })
    .from(siteItems)
    .where(sql`${siteItems.kind} = 'product' and ${siteItems.published} ->> 'slug' = ${slug}`)
    .limit(1);
  return row !== undefined;
}

/**
 * Taps per product from day `since` (included) on, most first; the primary key's order serves the
 * range. Each with the title of the product whose page has that slug (on the site, or in its draft
 * after a retirement); a slug no product has any more stands for itself.
 */
export function clicksByProduct(db: Db, since: string) {
  const clicks = sql<number>`sum(${whatsappClicks.clicks})`.mapWith(Number);
  const title = sql<string>`coalesce((select coalesce(${siteItems.published}, ${siteItems.draft}) ->> 'title'
    from ${siteItems} where ${siteItems.kind} = 'product'
      and coalesce(${siteItems.published}, ${siteItems.draft}) ->> 'slug' = ${whatsappClicks.product}
    order by ${siteItems.id} limit 1), ${whatsappClicks.product})`;
  return db
    .select({ product: whatsappClicks.product, title, clicks })
    .from(whatsappClicks)
    .where(gte(whatsappClicks.day, since))
    .groupBy(whatsappClicks.product)
    .orderBy(desc(clicks), whatsappClicks.product);
}

/** What the dashboard shows: the last 30 days of Ecuador's calendar, today included. */
export const CLICK_DAYS = 30;

/** The day `days` calendar days before `day` (both `YYYY-MM-DD`). */
const daysBefore = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

/** The dashboard's `Clics en WhatsApp`: taps per product over the last `CLICK_DAYS` days, and their total. */
export async function clickSummary(db: Db, now = new Date()) {
  const products = await clicksByProduct(db, daysBefore(businessDay(now), CLICK_DAYS - 1));
  return { days: CLICK_DAYS, total: products.reduce((sum, row) => sum + row.clicks, 0), products };
}
