import { AUDIT_CATEGORIES, type AuditCategory } from "@app/shared";
import type { AuditFilters } from "./audit-api";

// The address of `Auditoría` in the staff's words: `?grupo=contactos&usuario=diego&desde=2026-11-01
// &hasta=2026-11-29&pagina=2`. A part that makes no sense is left out rather than refused.

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export type AuditQuery = { page: number; filters: AuditFilters };

export function parseAuditQuery(search: URLSearchParams): AuditQuery {
  const page = Number(search.get("pagina") ?? "1");
  const group = search.get("grupo");
  const actor = search.get("usuario")?.trim().slice(0, 100);
  const from = search.get("desde") ?? "";
  const to = search.get("hasta") ?? "";
  const filters: AuditFilters = {};
  if (group && (AUDIT_CATEGORIES as readonly string[]).includes(group)) filters.category = group as AuditCategory;
  if (actor) filters.actor = actor;
  if (DAY.test(from)) filters.from = from;
  // Days the wrong way round: the later one is dropped, so the page still answers.
  if (DAY.test(to) && (!filters.from || filters.from <= to)) filters.to = to;
  return { page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page - 1 : 0, filters };
}

/** The address of a page with these filters (pages counted from 1, as people count). */
export function formatAuditQuery({ page, filters }: AuditQuery) {
  const search = new URLSearchParams();
  if (filters.category) search.set("grupo", filters.category);
  if (filters.actor) search.set("usuario", filters.actor);
  if (filters.from) search.set("desde", filters.from);
  if (filters.to) search.set("hasta", filters.to);
  if (page > 0) search.set("pagina", String(page + 1));
  return search.toString();
}
