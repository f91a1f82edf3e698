import {
  PRICE_MESSAGES,
  type PriceChange,
  type PriceItem,
  type PriceItemChange,
  type PriceItemValues,
} from "@app/shared";
import type { Db } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { VersionConflictError } from "../../kernel/version-conflict.ts";
import { recordAudit } from "../audit/index.ts";
import { sortPriceItems, toPriceItem } from "./price-item.ts";
import {
  findCodeTwin,
  findPriceItemRow,
  insertPriceChange,
  insertPriceItem,
  listPriceChangeRows,
  listPriceItemRows,
  listProducts,
  type PriceItemFields,
  type PriceItemFilters,
  updatePriceItem,
} from "./repo.ts";

// Administrators' changes to the priced catalogue. A presentation and the line of its price history
// that says who set which price are written in one transaction, with the audit log's entry: a
// price is never changed without its trace.

export type Actor = { id: number; username: string; displayName: string; ip?: string | undefined };

/** The code is another presentation's (409, under the code field). */
export class CodeTakenError extends Error {
  override name = "CodeTakenError";
  constructor() {
    super(PRICE_MESSAGES.codeTaken);
  }
}

/** Not a product the site offers: unknown, retired, or a service (400, under the product field). */
export class UnknownProductError extends Error {
  override name = "UnknownProductError";
  constructor() {
    super(PRICE_MESSAGES.productUnknown);
  }
}

export async function listPriceItems(db: Db, filters: PriceItemFilters) {
  return sortPriceItems(await listPriceItemRows(db, filters)).map(toPriceItem);
}

const byTitle = new Intl.Collator("es", { sensitivity: "base", numeric: true });

export async function listPriceProducts(db: Db) {
  return (await listProducts(db)).sort((a, b) => byTitle.compare(a.title, b.title) || a.id - b.id);
}

async function ensureProduct(db: Db, serviceTypeId: number) {
  if ((await listProducts(db, serviceTypeId)).length === 0) throw new UnknownProductError();
}

async function current(db: Db, id: number) {
  const row = await findPriceItemRow(db, id);
  if (!row) throw new Error(`price item ${id} vanished`);
  return toPriceItem(row);
}

export async function createPriceItem(db: Db, input: PriceItemValues, actor: Actor): Promise<PriceItem> {
  await ensureProduct(db, input.serviceTypeId);
  if (await findCodeTwin(db, input.code)) throw new CodeTakenError();
  const id = await db.transaction(async (tx) => {
    const created = await insertPriceItem(tx, input, actor.id);
    if (created === undefined) throw new CodeTakenError();
    await insertPriceChange(tx, {
      priceItemId: created,
      actorId: actor.id,
      actorName: actor.displayName,
      oldPrice: null,
      newPrice: input.listPrice,
      oldIvaPercent: null,
      newIvaPercent: input.ivaPercent,
    });
    await recordAudit(tx, {
      action: "price_item_created",
      actor,
      ip: actor.ip,
      details: { priceItemId: created, code: input.code, listPrice: input.listPrice, ivaPercent: input.ivaPercent },
    });
    return created;
  });
  return current(db, id);
}

/** The fields of `change` that differ from what is stored (decimals compared in their stored form). */
function changedFields(before: PriceItem, change: PriceItemChange): Partial<PriceItemFields> {
  const { version: _, ...wanted } = change;
  return Object.fromEntries(
    Object.entries(wanted).filter(([key, value]) => value !== undefined && before[key as keyof PriceItem] !== value),
  );
}

/**
 * Applies a change made on `change.version`; undefined when there is no such presentation. A change
 * of nothing stores nothing. Someone else's change since answers 409 with the presentation as it is.
 */
export async function changePriceItem(db: Db, id: number, change: PriceItemChange, actor: Actor) {
  const row = await findPriceItemRow(db, id);
  if (!row) return undefined;
  const before = toPriceItem(row);
  if (before.version !== change.version) throw new VersionConflictError(before);
  const fields = changedFields(before, change);
  if (Object.keys(fields).length === 0) return before;
  if (fields.serviceTypeId !== undefined) await ensureProduct(db, fields.serviceTypeId);
  if (fields.code !== undefined && (await findCodeTwin(db, fields.code, id))) throw new CodeTakenError();
  const repriced = fields.listPrice !== undefined || fields.ivaPercent !== undefined;
  const stored = await db
    .transaction(async (tx) => {
      if (!(await updatePriceItem(tx, id, change.version, fields, actor.id))) return false;
      if (repriced) {
        await insertPriceChange(tx, {
          priceItemId: id,
          actorId: actor.id,
          actorName: actor.displayName,
          oldPrice: before.listPrice,
          newPrice: fields.listPrice ?? before.listPrice,
          oldIvaPercent: before.ivaPercent,
          newIvaPercent: fields.ivaPercent ?? before.ivaPercent,
        });
      }
      await recordAudit(tx, {
        action: "price_item_updated",
        actor,
        ip: actor.ip,
        details: { priceItemId: id, code: fields.code ?? before.code, ...auditedChange(before, fields) },
      });
      return true;
    })
    .catch((error: unknown) => {
      // Another administrator took the code in between.
      if (isUniqueViolation(error)) throw new CodeTakenError();
      throw error;
    });
  if (!stored) throw new VersionConflictError(await current(db, id));
  return current(db, id);
}

/** What the audit log keeps of a change: which fields, and the prices and rates from and to. */
function auditedChange(before: PriceItem, fields: Partial<PriceItemFields>) {
  return {
    fields: Object.keys(fields),
    ...(fields.listPrice === undefined ? {} : { oldPrice: before.listPrice, newPrice: fields.listPrice }),
    ...(fields.ivaPercent === undefined ? {} : { oldIvaPercent: before.ivaPercent, newIvaPercent: fields.ivaPercent }),
    ...(fields.active === undefined ? {} : { active: fields.active }),
  };
}

/** The price history of presentation `id`, newest first; undefined when there is no such presentation. */
export async function priceHistory(db: Db, id: number): Promise<PriceChange[] | undefined> {
  if (!(await findPriceItemRow(db, id))) return undefined;
  return (await listPriceChangeRows(db, id)).map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    actorName: row.actorName,
    oldPrice: row.oldPrice,
    newPrice: row.newPrice,
    oldIvaPercent: row.oldIvaPercent,
    newIvaPercent: row.newIvaPercent,
  }));
}
