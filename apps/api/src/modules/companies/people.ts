import type { CompanyLinkResult, CompanySuggestions } from "@app/shared";
import { COMPANY_LIMITS, COMPANY_MESSAGES } from "@app/shared";
import type { Db } from "../../db/client.ts";
import { ANONYMISED, linkContactsToCompany, moveCompanyPeople, unlinkContactFromCompany } from "../contacts/index.ts";
import { moveCompanyDocuments } from "../sales/index.ts";
import {
  type CompanyColumns,
  type CompanyRow,
  countPeople,
  deleteCompanyRow,
  findCompany,
  findCompanyRef,
  findContactCompany,
  similarCompanies,
  toCompany,
  updateCompany,
} from "./repo.ts";
import { type Actor, auditCompany } from "./service.ts";

// A company's people and its life with other companies: link, unlink, suggest, merge, delete. The
// contacts' `company_id` is written by the contacts module, quotes and orders by the sales module;
// this module asks them, inside its own transaction where several changes make one.

/** Deleting a company that still has people would leave them without it silently: refused (409). */
export class CompanyHasPeopleError extends Error {
  override name = "CompanyHasPeopleError";
  constructor() {
    super(COMPANY_MESSAGES.hasPeople);
  }
}

export class MergeItselfError extends Error {
  override name = "MergeItselfError";
  constructor() {
    super(COMPANY_MESSAGES.mergeItself);
  }
}

/** False when there is no such company. */
export async function removeCompany(db: Db, id: number, actor: Actor) {
  return db.transaction(async (tx) => {
    // Locked first: a person linked meanwhile waits for the delete, then finds no company.
    const row = await findCompany(tx, id, "update");
    if (!row) return false;
    if ((await countPeople(tx, id)) > 0) throw new CompanyHasPeopleError();
    await deleteCompanyRow(tx, id);
    await auditCompany(tx, "company_deleted", actor, { companyId: id, name: row.name, ruc: row.ruc });
    return true;
  });
}

/**
 * Puts a contact in the company; one in another company moves, and the answer says from which.
 * `no_company` / `no_contact` when either is missing.
 */
export async function linkPerson(
  db: Db,
  companyId: number,
  clientId: number,
  actor: Actor,
): Promise<CompanyLinkResult | "no_company" | "no_contact"> {
  return db.transaction(async (tx) => {
    const company = await findCompany(tx, companyId, "key share");
    if (!company) return "no_company";
    const contact = await findContactCompany(tx, clientId);
    const [linked] = contact ? await linkContactsToCompany(tx, [clientId], companyId) : [];
    if (!contact || !linked) return "no_contact";
    const previousId = linked.previousCompanyId;
    if (previousId === companyId) {
      return { message: `${contact.name} ya es parte de «${company.name}».`, movedFrom: null };
    }
    const movedFrom = previousId === null ? null : ((await findCompanyRef(tx, previousId)) ?? null);
    await auditCompany(tx, "company_person_linked", actor, {
      companyId,
      name: company.name,
      clientId,
      ...(movedFrom ? { fromCompanyId: movedFrom.id, fromName: movedFrom.name } : {}),
    });
    return {
      message: movedFrom
        ? `${contact.name} pasó de «${movedFrom.name}» a «${company.name}».`
        : `${contact.name} ahora es parte de «${company.name}».`,
      movedFrom,
    };
  });
}

/** False when the contact was not in this company (or either is missing). */
export async function unlinkPerson(db: Db, companyId: number, clientId: number, actor: Actor) {
  return db.transaction(async (tx) => {
    const company = await findCompany(tx, companyId);
    if (!company || !(await unlinkContactFromCompany(tx, clientId, companyId))) return false;
    await auditCompany(tx, "company_person_unlinked", actor, { companyId, name: company.name, clientId });
    return true;
  });
}

/** Undefined when there is no such contact. Never links anything: staff confirm a suggestion. */
export async function companySuggestions(db: Db, clientId: number): Promise<CompanySuggestions | undefined> {
  const contact = await findContactCompany(db, clientId);
  if (!contact) return undefined;
  // An anonymised contact's company says nothing about any company.
  const typed = contact.typed === ANONYMISED ? "" : contact.typed.trim();
  const company = contact.companyId === null ? null : ((await findCompanyRef(db, contact.companyId)) ?? null);
  return { company, typed, suggestions: await similarCompanies(db, typed, COMPANY_LIMITS.suggestions) };
}

const TEXT_FIELDS = ["province", "canton", "address", "varieties", "markets", "notes"] as const;

/** The fields the kept company lacks and the merged one has. */
function emptyFieldsFrom(kept: CompanyRow, from: CompanyRow): Partial<CompanyColumns> {
  const filled: Partial<CompanyColumns> = {};
  for (const field of TEXT_FIELDS) if (!kept[field] && from[field]) filled[field] = from[field];
  if (kept.ruc === null && from.ruc !== null) filled.ruc = from.ruc;
  if (kept.hectares === null && from.hectares !== null) filled.hectares = from.hectares;
  if (kept.stemsPerWeek === null && from.stemsPerWeek !== null) filled.stemsPerWeek = from.stemsPerWeek;
  return filled;
}

/**
 * Merges company `fromId` into `keptId` in one transaction: its people, quotes and orders move, the
 * fields the kept one lacks are copied over, and `fromId` is deleted. Undefined when either is missing.
 */
export async function mergeCompanies(db: Db, keptId: number, fromId: number, actor: Actor) {
  if (keptId === fromId) throw new MergeItselfError();
  return db.transaction(async (tx) => {
    // Both rows locked in id order: two merges of the same pair, each way round, never deadlock.
    const locked = new Map<number, CompanyRow | undefined>();
    for (const id of [keptId, fromId].sort((a, b) => a - b)) locked.set(id, await findCompany(tx, id, "update"));
    const kept = locked.get(keptId);
    const from = locked.get(fromId);
    if (!kept || !from) return undefined;
    const people = await moveCompanyPeople(tx, fromId, keptId);
    await moveCompanyDocuments(tx, fromId, keptId);
    // Deleted before its RUC is copied: the unique index sees one holder at a time.
    await deleteCompanyRow(tx, fromId);
    const row = await updateCompany(tx, keptId, kept.version, emptyFieldsFrom(kept, from));
    if (!row) throw new Error(`company ${keptId} changed while locked`);
    await auditCompany(tx, "company_merged", actor, {
      companyId: keptId,
      name: row.name,
      fromCompanyId: fromId,
      fromName: from.name,
      fromRuc: from.ruc,
      people,
    });
    return { company: toCompany(row), movedPeople: people };
  });
}
