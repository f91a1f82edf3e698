import type { Company, CompanyListItem, CompanyRef, CompanyValues } from "@app/shared";
import { and, eq, ne, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { COMPANY_NAME_SEARCH, companies, contacts } from "../../db/schema/index.ts";

// Companies as stored: one row each, their people counted from `clients.company_id`.

export type CompanyRow = typeof companies.$inferSelect;

/** The fields staff write, as the table takes them (hectares is a numeric: a string). */
export type CompanyColumns = Omit<CompanyValues, "hectares"> & { hectares: string | null };

export const toCompany = (row: CompanyRow): Company => ({
  id: row.id,
  name: row.name,
  ruc: row.ruc,
  province: row.province,
  canton: row.canton,
  address: row.address,
  hectares: row.hectares === null ? null : Number(row.hectares),
  varieties: row.varieties,
  stemsPerWeek: row.stemsPerWeek,
  markets: row.markets,
  notes: row.notes,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  version: row.version,
});

/** Hectares as the numeric column takes them: exact, two decimals ("12.50"). */
export const hectaresColumn = (hectares: number | null) => (hectares === null ? null : hectares.toFixed(2));

/**
 * What search and the suggestions compare: lower case without accents, as the indexed expression
 * `f_unaccent(lower(name))` reads a name. Folded here rather than by SQL `lower()`, which leaves
 * "Á" alone under PGlite's C collation.
 */
export const foldName = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

/** `%text%` for LIKE, with the person's own % _ and \ taken literally. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

// Written out: Drizzle leaves a one-table select's columns unqualified, and `id` would be the person's.
const peopleCount = sql<number>`(select count(*)::int from ${contacts} p where p.company_id = "companies"."id")`;

const listColumns = {
  id: companies.id,
  name: companies.name,
  ruc: companies.ruc,
  province: companies.province,
  canton: companies.canton,
  people: peopleCount,
};

/**
 * `q` as a name (any part of it; ILIKE, since the stored side may keep a capital the C collation
 * did not lower) or as the start of a RUC when it is digits.
 */
function searchCondition(q: string): SQL | undefined {
  if (!q) return undefined;
  const byName = sql`${COMPANY_NAME_SEARCH} ilike ${containsPattern(foldName(q))}`;
  const digits = q.replace(/\s/g, "");
  return /^\d{1,13}$/.test(digits) ? sql`(${byName} or ${companies.ruc} like ${`${digits}%`})` : byName;
}

/** A page of companies by name (the order of the name index), and how many match. */
export async function listCompanies(db: Db, q: string, page: number, size: number) {
  const where = searchCondition(q);
  const rows = await db
    .select(listColumns)
    .from(companies)
    .where(where)
    .orderBy(COMPANY_NAME_SEARCH, companies.id)
    .limit(size)
    .offset(page * size);
  const [total] = await db.select({ count: sql<number>`count(*)::int` }).from(companies).where(where);
  return { rows: rows satisfies CompanyListItem[], total: Number(total?.count ?? 0) };
}

/** `update` to change or delete it; `key share` to link people to it while nobody deletes it. */
export async function findCompany(db: Db, id: number, lock?: "update" | "key share") {
  const query = db.select().from(companies).where(eq(companies.id, id));
  const [row] = await (lock ? query.for(lock) : query);
  return row;
}

/** The company that holds a RUC (other than `exceptId`), to name it in a refusal. */
export async function findRucHolder(db: Db, ruc: string, exceptId?: number): Promise<CompanyRef | undefined> {
  const [row] = await db
    .select({ id: companies.id, name: companies.name, ruc: companies.ruc })
    .from(companies)
    .where(exceptId === undefined ? eq(companies.ruc, ruc) : and(eq(companies.ruc, ruc), ne(companies.id, exceptId)));
  return row;
}

export async function insertCompany(db: Db, fields: CompanyColumns, createdBy: number) {
  const [row] = await db
    .insert(companies)
    .values({ ...fields, createdBy })
    .returning();
  if (!row) throw new Error("inserting a company returned no row");
  return row;
}

/** Undefined when the company is not there at that version (gone, or changed meanwhile). */
export async function updateCompany(db: Db, id: number, version: number, fields: Partial<CompanyColumns>) {
  const [row] = await db
    .update(companies)
    .set({ ...fields, updatedAt: sql`now()`, version: sql`${companies.version} + 1` })
    .where(and(eq(companies.id, id), eq(companies.version, version)))
    .returning();
  return row;
}

export async function deleteCompanyRow(db: Db, id: number) {
  await db.delete(companies).where(eq(companies.id, id));
}

export async function countPeople(db: Db, companyId: number) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(contacts)
    .where(eq(contacts.companyId, companyId));
  return Number(row?.count ?? 0);
}

/**
 * The companies whose name is like `typed` (pg_trgm's `%`: similarity over its threshold, on the
 * trigram index of the same expression), best first.
 */
export async function similarCompanies(db: Db, typed: string, limit: number): Promise<CompanyListItem[]> {
  const folded = foldName(typed.trim());
  if (!folded) return [];
  return db
    .select(listColumns)
    .from(companies)
    .where(sql`${COMPANY_NAME_SEARCH} % ${folded}`)
    .orderBy(sql`similarity(${COMPANY_NAME_SEARCH}, ${folded}) desc`, companies.id)
    .limit(limit);
}

/** A contact's name and what it typed as its company, and the company it belongs to. */
export async function findContactCompany(db: Db, clientId: number) {
  const [row] = await db
    .select({
      name: sql<string>`${contacts.firstName} || ' ' || ${contacts.lastName}`,
      typed: contacts.company,
      companyId: contacts.companyId,
    })
    .from(contacts)
    .where(eq(contacts.id, clientId));
  return row;
}

export async function findCompanyRef(db: Db, id: number): Promise<CompanyRef | undefined> {
  const [row] = await db
    .select({ id: companies.id, name: companies.name, ruc: companies.ruc })
    .from(companies)
    .where(eq(companies.id, id));
  return row;
}
