import type { CompanyChange, CompanyRef, CompanyValues } from "@app/shared";
import { COMPANY_MESSAGES } from "@app/shared";
import type { Db } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { recordAudit } from "../audit/index.ts";
import {
  type CompanyColumns,
  type CompanyRow,
  findCompany,
  findRucHolder,
  hectaresColumn,
  insertCompany,
  toCompany,
  updateCompany,
} from "./repo.ts";

// Staff's writes of the companies table: create and change, each audited with who and when. The
// relations (people, merges) are in people.ts.

export type Actor = { id: number; username: string; ip?: string | undefined };

type CompanyAction =
  | "company_created"
  | "company_updated"
  | "company_deleted"
  | "company_merged"
  | "company_person_linked"
  | "company_person_unlinked";

export const auditCompany = (db: Db, action: CompanyAction, actor: Actor, details: Record<string, unknown>) =>
  recordAudit(db, { action, actor: { id: actor.id, username: actor.username }, ip: actor.ip, details });

/** The RUC is another company's: a 409 on the field `ruc` that names that company. */
export class RucTakenError extends Error {
  override name = "RucTakenError";
  constructor(readonly holder: CompanyRef | undefined) {
    super(holder ? `${COMPANY_MESSAGES.rucTaken}: «${holder.name}».` : `${COMPANY_MESSAGES.rucTaken}.`);
  }
}

/** The change was made on an older version: a 409 with the company as it is now. */
export class CompanyChangedError extends Error {
  override name = "CompanyChangedError";
  constructor(readonly current: CompanyRow) {
    super(COMPANY_MESSAGES.changedMeanwhile);
  }
}

/** The numeric column's text for hectares; everything else as the schema gave it. */
function columnsOf<T extends Partial<CompanyValues>>(fields: T) {
  const { hectares, ...rest } = fields;
  return (hectares === undefined ? rest : { ...rest, hectares: hectaresColumn(hectares) }) as Partial<CompanyColumns>;
}

/** Runs a write that may hit the RUC's unique index (another person took it meanwhile). */
async function guardRuc<T>(
  db: Db,
  ruc: string | null | undefined,
  exceptId: number | undefined,
  run: () => Promise<T>,
) {
  if (ruc) {
    const holder = await findRucHolder(db, ruc, exceptId);
    if (holder) throw new RucTakenError(holder);
  }
  try {
    return await run();
  } catch (error) {
    if (ruc && isUniqueViolation(error)) throw new RucTakenError(await findRucHolder(db, ruc, exceptId));
    throw error;
  }
}

export async function createCompany(db: Db, input: CompanyValues, actor: Actor) {
  const row = await guardRuc(db, input.ruc, undefined, () =>
    insertCompany(db, columnsOf(input) as CompanyColumns, actor.id),
  );
  await auditCompany(db, "company_created", actor, { companyId: row.id, name: row.name, ruc: row.ruc });
  return toCompany(row);
}

/** Undefined when there is no such company. */
export async function changeCompany(db: Db, id: number, { version, ...fields }: CompanyChange, actor: Actor) {
  const row = await guardRuc(db, fields.ruc, id, () => updateCompany(db, id, version, columnsOf(fields)));
  if (!row) {
    const current = await findCompany(db, id);
    if (current) throw new CompanyChangedError(current);
    return undefined;
  }
  await auditCompany(db, "company_updated", actor, { companyId: id, name: row.name, fields: Object.keys(fields) });
  return toCompany(row);
}
