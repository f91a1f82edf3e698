import { storedToE164 } from "@app/shared/phone";
import { and, asc, gt, ne, sql } from "drizzle-orm";
import type { Db } from "./client.ts";
import { contacts, dataMigrations } from "./schema/index.ts";

// Changes to stored data that need more than SQL (a phone library's rules). Each runs once, after
// the migrations, in a transaction that first claims its name: an instance starting beside another
// waits on that row and then finds it taken.

type DataMigration = { name: string; apply: (db: Db) => Promise<void> };

/** Rows per statement, so none outlives the database's per-statement deadline. */
const BATCH = 1000;

/**
 * Phones were stored as the country code and the digits typed after it joined (`+5930991234567`,
 * not diallable); they become E.164 by the rules the API stores new ones with. Only a 0 right after
 * the code can be a trunk prefix among what the form took (9 or 10 digits), so only those rows are
 * read.
 */
async function phonesToE164(db: Db) {
  let after = 0;
  for (;;) {
    const rows = await db
      .select({ id: contacts.id, countryCode: contacts.countryCode, phone: contacts.phone })
      .from(contacts)
      .where(
        and(
          gt(contacts.id, after),
          ne(contacts.countryCode, ""),
          sql`starts_with(${contacts.phone}, ${contacts.countryCode} || '0')`,
        ),
      )
      .orderBy(asc(contacts.id))
      .limit(BATCH);
    if (rows.length === 0) return;
    after = rows.at(-1)?.id ?? after;
    const changed = rows
      .map((row) => ({ id: row.id, phone: storedToE164(row.phone, row.countryCode) }))
      .filter((row, index) => row.phone !== rows[index]?.phone);
    if (changed.length === 0) continue;
    await db.execute(sql`
      update clients set phone = fixed.phone
      from jsonb_to_recordset(${JSON.stringify(changed)}::jsonb) as fixed(id int, phone text)
      where clients.id = fixed.id`);
  }
}

/** In the order they were written; a name is never reused. */
export const DATA_MIGRATIONS: readonly DataMigration[] = [{ name: "0030_phones_e164", apply: phonesToE164 }];

export async function applyDataMigrations(db: Db) {
  for (const migration of DATA_MIGRATIONS) {
    await db.transaction(async (tx) => {
      const [claimed] = await tx
        .insert(dataMigrations)
        .values({ name: migration.name })
        .onConflictDoNothing()
        .returning({ name: dataMigrations.name });
      if (claimed) await migration.apply(tx);
    });
  }
}
