import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client.ts";
import { type DocumentKind, documentNumbers } from "../../db/schema/index.ts";

/**
 * The next number of a kind of document in a year (`COT-2026-18`), taken inside the transaction that
 * issues the document: the row stays locked until it commits, so two people issuing at once get 18
 * and 19, and an issue that fails gives its number back (no gaps, no duplicates).
 */
export async function nextDocumentNumber(db: Db, kind: DocumentKind, year: number) {
  const [row] = await queryRows<{ last: number }>(
    db,
    sql`insert into ${documentNumbers} (kind, year, last) values (${kind}, ${year}, 1)
      on conflict (kind, year) do update set last = ${documentNumbers.last} + 1
      returning last`,
  );
  if (!row) throw new Error("no document number was taken");
  return `${kind}-${year}-${row.last}`;
}
